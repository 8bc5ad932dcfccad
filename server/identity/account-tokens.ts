import { and, eq, gt, isNull } from 'drizzle-orm';
import { randomToken, sha256Hex } from '../platform/crypto/keys';
import type { Queryable } from '../platform/db/connect';
import { accountTokens } from './identity-tables';

export type AccountTokenKind = 'invite' | 'reset';
export type TokenCheck = { status: 'valid'; userId: string } | { status: 'unknown' | 'used' | 'expired' };

export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** A new single-use link token; only its hash is stored. Returns the token for the email. */
export async function createAccountToken(
  db: Queryable,
  values: { userId: string; kind: AccountTokenKind; now: Date; lifetimeMs: number },
): Promise<string> {
  const token = randomToken();
  await db.insert(accountTokens).values({
    userId: values.userId,
    kind: values.kind,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(values.now.getTime() + values.lifetimeMs),
    createdAt: values.now,
  });
  return token;
}

/** createAccountToken for many users in one insert; the tokens come back in the order of userIds. */
export async function createAccountTokens(
  db: Queryable,
  userIds: string[],
  values: { kind: AccountTokenKind; now: Date; lifetimeMs: number },
): Promise<string[]> {
  const tokens = userIds.map(() => randomToken());
  const expiresAt = new Date(values.now.getTime() + values.lifetimeMs);
  if (userIds.length) {
    await db.insert(accountTokens).values(
      userIds.map((userId, i) => ({
        userId,
        kind: values.kind,
        tokenHash: sha256Hex(tokens[i]),
        expiresAt,
        createdAt: values.now,
      })),
    );
  }
  return tokens;
}

/** What a token is worth right now, without using it up. */
export async function checkAccountToken(
  db: Queryable,
  kind: AccountTokenKind,
  token: string,
  now: Date,
): Promise<TokenCheck> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, sha256Hex(token)), eq(accountTokens.kind, kind)))
    .limit(1);
  if (!row) return { status: 'unknown' };
  if (row.usedAt) return { status: 'used' };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  return { status: 'valid', userId: row.userId };
}

/**
 * Uses a token up, atomically: of two concurrent requests with the same token only one wins.
 * The loser, or a request with a used, expired or unknown token, learns why.
 */
export async function consumeAccountToken(
  db: Queryable,
  kind: AccountTokenKind,
  token: string,
  now: Date,
): Promise<TokenCheck> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, sha256Hex(token)),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return row ? { status: 'valid', userId: row.userId } : checkAccountToken(db, kind, token, now);
}

/** Retires every open token of a kind for a user (a fresh reset link replaces older ones). */
export async function retireAccountTokens(db: Queryable, userId: string, kind: AccountTokenKind, now: Date) {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)));
}
