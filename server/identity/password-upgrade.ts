import { replacePasswordHash } from '../accounts/account-store';
import type { PlatformDeps } from '../platform/deps';
import { hashPassword, needsRehash } from './passwords';

/**
 * After a right password: a hash made with an older scheme (scrypt) or strength is replaced by
 * argon2id at today's strength. Only if the stored hash is still the one just verified, so a
 * password changed meanwhile is never overwritten.
 */
export async function upgradePasswordHash(
  deps: Pick<PlatformDeps, 'config' | 'db'>,
  userId: string,
  password: string,
  verified: string,
) {
  if (!needsRehash(verified, deps.config.passwordHashMemoryKib)) return;
  const fresh = await hashPassword(password, deps.config.passwordHashMemoryKib);
  await replacePasswordHash(deps.db, userId, verified, fresh);
}
