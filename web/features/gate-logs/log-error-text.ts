import { LOG_TEXTS } from '@core/api/relay-logs';
import { MESSAGES } from '@core/messages';
import { ApiError, messageOr } from '../../api/client';

/** SPEC §8 log errors: 'Invalid token', 'Insufficient permissions to view logs', else the server's or 'Failed to fetch logs'. */
export function logErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return MESSAGES.invalidToken;
  if (error instanceof ApiError && error.status === 403) return LOG_TEXTS.insufficientPermissions;
  return messageOr(error, LOG_TEXTS.failedToFetchLogs);
}
