import { MESSAGES } from '@core/messages';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deriveKey } from '../../crypto/keys';
import { open } from '../../crypto/secret-box';
import { users } from '../../db/schema';
import { LIMITS } from '../../limits/limit-rules';
import { release, reserve } from '../../limits/rate-limit';
import { TooManyRequests } from '../../limits/too-many';
import { redeemRecoveryCode } from './recovery-codes';
import { matchingTimeStep } from './totp';

/** The keys of the second factor: one seals TOTP secrets, one hashes recovery codes. */
export const secondFactorKeys = (secret: Buffer) => ({
  totp: deriveKey(secret, 'totp-secret'),
  recovery: deriveKey(secret, 'recovery-code'),
});

/** A TOTP code accepted once: its step is recorded atomically, so a replay (even concurrent) fails. */
async function acceptTotp(app: FastifyInstance, userId: string, code: string): Promise<boolean> {
  const [user] = await app.db
    .select({ sealed: users.totpSecretSealed, lastStep: users.totpLastStep })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user?.sealed) return false;
  const secret = open(secondFactorKeys(app.config.secret).totp, user.sealed);
  const step = await matchingTimeStep(secret, code, app.config.now(), user.lastStep);
  if (step === null) return false;
  const recorded = await app.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return recorded.length > 0;
}

/**
 * One try at the second factor, counted against the shared limit per account (codes and passkeys
 * alike); a try that succeeds gives its count back.
 */
export async function countedSecondFactorTry(
  app: FastifyInstance,
  userId: string,
  attempt: () => Promise<boolean>,
): Promise<boolean> {
  const reservation = await reserve(app.db, LIMITS.secondFactorCodes, userId, app.config.now());
  if (!reservation.allowed) throw new TooManyRequests(MESSAGES.tooManyCodeAttempts, reservation.retryAfterSeconds);
  const accepted = await attempt();
  if (accepted) await release(app.db, LIMITS.secondFactorCodes, userId);
  return accepted;
}

/** Checks a second-factor code: an authenticator's 6 digits or a recovery code. */
export function checkSecondFactorCode(app: FastifyInstance, userId: string, code: string): Promise<boolean> {
  return countedSecondFactorTry(app, userId, () =>
    /^\d{6}$/.test(code.trim())
      ? acceptTotp(app, userId, code.trim())
      : redeemRecoveryCode(app.db, secondFactorKeys(app.config.secret).recovery, userId, code, app.config.now()),
  );
}
