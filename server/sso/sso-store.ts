import type { Role } from '@core/roles';
import { and, eq, gt, lt } from 'drizzle-orm';
import { deriveKey, sha256Hex } from '../platform/crypto/keys';
import { open, seal } from '../platform/crypto/secret-box';
import type { Queryable } from '../platform/db/connect';
import { oidcSignIns } from './sso-tables';

const verifierKey = (secret: Buffer) => deriveKey(secret, 'oidc-verifier');

export interface PendingProviderSignIn {
  role: Role;
  nonce: string;
  verifier: string;
}

export async function keepProviderSignIn(
  db: Queryable,
  secret: Buffer,
  state: string,
  pending: PendingProviderSignIn,
  expiresAt: Date,
) {
  await db.delete(oidcSignIns).where(lt(oidcSignIns.expiresAt, new Date(expiresAt.getTime() - 3600_000)));
  await db.insert(oidcSignIns).values({
    stateHash: sha256Hex(state),
    role: pending.role,
    nonce: pending.nonce,
    verifierSealed: seal(verifierKey(secret), pending.verifier),
    expiresAt,
  });
}

/** Takes the sign-in this state belongs to, once: a second callback with it finds nothing. */
export async function takeProviderSignIn(
  db: Queryable,
  secret: Buffer,
  state: string,
  now: Date,
): Promise<PendingProviderSignIn | null> {
  const [row] = await db
    .delete(oidcSignIns)
    .where(and(eq(oidcSignIns.stateHash, sha256Hex(state)), gt(oidcSignIns.expiresAt, now)))
    .returning();
  if (!row) return null;
  return { role: row.role as Role, nonce: row.nonce, verifier: open(verifierKey(secret), row.verifierSealed) };
}
