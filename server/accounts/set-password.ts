import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords';
import type { Queryable } from '../db/connect';
import { users } from '../db/schema';
import { retireAccountTokens } from './account-tokens';

/**
 * Sets a user's password, bumps their token version so every earlier session ends, and retires
 * their other open invitation and reset links: each link works once, for the password it was for.
 */
export async function setPassword(app: FastifyInstance, db: Queryable, userId: string, password: string) {
  const passwordHash = await hashPassword(password, app.config.passwordHashCost);
  const now = app.config.now();
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
  await retireAccountTokens(db, userId, 'invite', now);
  await retireAccountTokens(db, userId, 'reset', now);
}
