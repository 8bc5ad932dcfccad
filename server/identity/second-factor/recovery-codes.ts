import crypto from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/connect';
import { recoveryCodes } from '../identity-tables';

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** "abcde-fghjk": 50 bits from an alphabet without look-alike characters. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export const normalisedRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

const hashOf = (key: Buffer, code: string) =>
  crypto.createHmac('sha256', key).update(normalisedRecoveryCode(code)).digest('hex');

/** Replaces the user's recovery codes with ten new ones, stored hashed; the codes are returned once. */
export async function replaceRecoveryCodes(db: Queryable, key: Buffer, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashOf(key, code) })));
  return codes;
}

/** Uses up one recovery code; false when it is unknown or was used before (even concurrently). */
export async function redeemRecoveryCode(db: Queryable, key: Buffer, userId: string, code: string, now: Date) {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashOf(key, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}
