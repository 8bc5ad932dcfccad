import { ApiError } from '@core/api/api-error';
import { LOG_MESSAGES } from '@core/api/gate-log-messages';
import { MESSAGES } from '@core/messages';
import { loadFailureReason } from '../../ui/query-state';

/**
 * Under the 'Failed to fetch logs' title, docs/SPEC.md §8's reasons: 'Invalid token', 'Insufficient
 * permissions to view logs', else the server's own words or what to do about an outage.
 */
export function logErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return MESSAGES.invalidToken;
  if (error instanceof ApiError && error.status === 403) return LOG_MESSAGES.insufficientPermissions;
  return loadFailureReason(error);
}
