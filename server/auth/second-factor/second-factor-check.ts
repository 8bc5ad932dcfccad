import { MESSAGES } from '@core/messages';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { deriveKey } from '../../crypto/keys';
import { open } from '../../crypto/secret-box';
import { users } from '../../db/schema';
import { AccountThrottle } from '../../limits/account-throttle';
import { LIMITS } from '../../limits/limit-rules';
import { noteWrongSecondFactor } from './code-guessing-notice';
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

/** Second-factor tries are limited like passwords: per account and source, and a paced account ceiling. */
const secondFactorThrottle = (app: FastifyInstance) =>
  new AccountThrottle(app.db, app.config.now, {
    accountFromSource: LIMITS.secondFactorAccountFromSource,
    accountCeiling: LIMITS.secondFactorAccountCeiling,
    pace: LIMITS.secondFactorAccountPace,
    messages: { tooMany: MESSAGES.tooManyCodeAttempts, paced: MESSAGES.codesPaced },
  });

/**
 * One try at the second factor from `source` (codes and passkeys alike), counted before it is
 * checked; a try that succeeds gives its count back, a wrong one counts towards the account's
 * ceiling and may tell the owner that codes are being guessed.
 */
export async function countedSecondFactorTry(
  app: FastifyInstance,
  userId: string,
  source: string,
  attempt: () => Promise<boolean>,
): Promise<boolean> {
  const throttle = secondFactorThrottle(app);
  await throttle.admit(userId, source);
  const accepted = await attempt();
  if (accepted) await throttle.succeeded(userId, source);
  else await noteWrongSecondFactor(app, userId, await throttle.failed(userId));
  return accepted;
}

/** Checks a second-factor code from `source`: an authenticator's 6 digits or a recovery code. */
export function checkSecondFactorCode(
  app: FastifyInstance,
  userId: string,
  source: string,
  code: string,
): Promise<boolean> {
  return countedSecondFactorTry(app, userId, source, () =>
    /^\d{6}$/.test(code.trim())
      ? acceptTotp(app, userId, code.trim())
      : redeemRecoveryCode(app.db, secondFactorKeys(app.config.secret).recovery, userId, code, app.config.now()),
  );
}
