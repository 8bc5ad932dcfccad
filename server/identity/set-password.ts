import type { SessionEndReason } from '@core/api/session-end';
import { eq, sql } from 'drizzle-orm';
import { users } from '../accounts/account-tables';
import { endAllSessions } from '../authorization/session-queries';
import type { Queryable } from '../platform/db/connect';
import type { PlatformDeps } from '../platform/deps';
import { retireAccountTokens } from './account-tokens';
import { hashPassword } from './passwords';

/** The id of the account with this email (given in lower case); null if none. */
export async function accountIdByEmail(db: Queryable, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return row?.id ?? null;
}

/** The account's email and password hash (null for one that has not set a password yet); null if none. */
export async function passwordOf(db: Queryable, userId: string) {
  const [row] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

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
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await endAllSessions(db, userId, now, ending.keep, ending.reason);
  await retireAccountTokens(db, userId, 'invite', now);
  await retireAccountTokens(db, userId, 'reset', now);
}
