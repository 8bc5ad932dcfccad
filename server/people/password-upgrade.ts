import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../platform/db/schema';
import { hashPassword, needsRehash } from './passwords';

/**
 * After a right password: a hash made with an older scheme (scrypt) or strength is replaced by
 * argon2id at today's strength. Only if the stored hash is still the one just verified, so a
 * password changed meanwhile is never overwritten.
 */
export async function upgradePasswordHash(app: FastifyInstance, userId: string, password: string, verified: string) {
  if (!needsRehash(verified, app.config.passwordHashMemoryKib)) return;
  const fresh = await hashPassword(password, app.config.passwordHashMemoryKib);
  await app.db
    .update(users)
    .set({ passwordHash: fresh })
    .where(and(eq(users.id, userId), eq(users.passwordHash, verified)));
}
