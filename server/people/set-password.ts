import { eq } from 'drizzle-orm';
import { endAllSessions } from '../authorization/session-queries';
import type { Queryable } from '../platform/db/connect';
import { users } from '../platform/db/schema';
import type { PlatformDeps } from '../platform/deps';
import { retireAccountTokens } from './account-tokens';
import { hashPassword } from './passwords';

/**
 * Sets a user's password, ends every session they have (but `keepSessionId`, the one changing it
 * from Profile), and retires their other open invitation and reset links: each link works once,
 * for the password it was for.
 */
export async function setPassword(
  deps: Pick<PlatformDeps, 'config'>,
  db: Queryable,
  userId: string,
  password: string,
  keepSessionId?: string,
) {
  const passwordHash = await hashPassword(password, deps.config.passwordHashMemoryKib);
  const now = deps.config.now();
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await endAllSessions(db, userId, now, keepSessionId);
  await retireAccountTokens(db, userId, 'invite', now);
  await retireAccountTokens(db, userId, 'reset', now);
}
