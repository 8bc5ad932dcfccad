import type { SessionEndReason } from '@core/api/session-end';
import { setPasswordHash } from '../accounts/account-credentials';
import { endAllSessions } from '../authorization/session-queries';
import type { Queryable } from '../platform/db/connect';
import type { PlatformDeps } from '../platform/deps';
import { retireAccountTokens } from './account-tokens';
import { hashPassword } from './passwords';

/**
 * Sets a user's password, ends every session they have (but `keep`, the one changing it from
 * Profile) for `reason`, which their other browsers are told, and retires their other open invitation and reset links: each link works once,
 * for the password it was for.
 */
export async function setPassword(
  deps: Pick<PlatformDeps, 'config'>,
  db: Queryable,
  userId: string,
  password: string,
  ending: { reason: SessionEndReason; keep?: string },
) {
  const passwordHash = await hashPassword(password, deps.config.passwordHashMemoryKib);
  const now = deps.config.now();
  await setPasswordHash(db, userId, passwordHash);
  await endAllSessions(db, userId, now, ending.keep, ending.reason);
  await retireAccountTokens(db, userId, 'invite', now);
  await retireAccountTokens(db, userId, 'reset', now);
}
