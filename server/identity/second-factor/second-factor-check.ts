import { SECOND_FACTOR_MESSAGES } from '@core/api/second-factor';
import { authenticatorAppOf, recordTotpStep } from '../../accounts/account-credentials';
import { deriveKey } from '../../platform/crypto/keys';
import { open } from '../../platform/crypto/secret-box';
import type { PlatformDeps } from '../../platform/deps';
import { SERVER_MESSAGES } from '../../platform/errors/server-messages';
import { AccountThrottle } from '../../platform/limits/account-throttle';
import { LIMITS } from '../../platform/limits/limit-rules';
import { noteWrongSecondFactor } from './code-guessing-notice';
import { redeemRecoveryCode } from './recovery-codes';
import { matchingTimeStep } from './totp';

/** The keys of the second factor: one seals TOTP secrets, one hashes recovery codes. */
export const secondFactorKeys = (secret: Buffer) => ({
  totp: deriveKey(secret, 'totp-secret'),
  recovery: deriveKey(secret, 'recovery-code'),
});

/** How a code was judged: a right code already accepted once is told apart, so its sender waits for the next. */
export type CodeCheck = 'accepted' | 'refused' | 'just-used';

/** The sentence a refused code is answered with. */
export const refusalOf = (check: Exclude<CodeCheck, 'accepted'>) =>
  check === 'just-used' ? SECOND_FACTOR_MESSAGES.codeJustUsed : SERVER_MESSAGES.invalidSecondFactorCode;

/** A TOTP code accepted once: its step is recorded atomically, so a replay (even concurrent) fails. */
async function acceptTotp(
  deps: Pick<PlatformDeps, 'config' | 'db' | 'jobs'>,
  userId: string,
  code: string,
): Promise<CodeCheck> {
  const user = await authenticatorAppOf(deps.db, userId);
  if (!user?.sealed) return 'refused';
  const secret = open(secondFactorKeys(deps.config.secret).totp, user.sealed);
  const now = deps.config.now();
  const step = await matchingTimeStep(secret, code, now, user.lastStep);
  // Refused by the replay guard alone: the code matches a step at or before the last one accepted.
  if (step === null) return (await matchingTimeStep(secret, code, now, null)) === null ? 'refused' : 'just-used';
  return (await recordTotpStep(deps.db, userId, step)) ? 'accepted' : 'just-used';
}

/** Second-factor tries are limited like passwords: per account and source, and a paced account ceiling. */
const secondFactorThrottle = (deps: Pick<PlatformDeps, 'config' | 'db' | 'jobs'>) =>
  new AccountThrottle(deps.db, deps.config.now, {
    accountFromSource: LIMITS.secondFactorAccountFromSource,
    accountCeiling: LIMITS.secondFactorAccountCeiling,
    pace: LIMITS.secondFactorAccountPace,
    messages: { tooMany: SERVER_MESSAGES.tooManyCodeAttempts, paced: SERVER_MESSAGES.codesPaced },
  });

/**
 * One try at the second factor from `source` (codes and passkeys alike), counted before it is
 * checked; a try that succeeds gives its count back, a wrong one counts towards the account's
 * ceiling and may tell the owner that codes are being guessed.
 */
export async function countedSecondFactorTry(
  deps: Pick<PlatformDeps, 'config' | 'db' | 'jobs'>,
  userId: string,
  source: string,
  attempt: () => Promise<boolean>,
): Promise<boolean> {
  const throttle = secondFactorThrottle(deps);
  await throttle.admit(userId, source);
  const accepted = await attempt();
  if (accepted) await throttle.succeeded(userId, source);
  else await noteWrongSecondFactor(deps, userId, await throttle.failed(userId));
  return accepted;
}

/** Judges a code once: an authenticator's 6 digits or a recovery code. */
async function judgeCode(
  deps: Pick<PlatformDeps, 'config' | 'db' | 'jobs'>,
  userId: string,
  code: string,
): Promise<CodeCheck> {
  if (/^\d{6}$/.test(code)) return acceptTotp(deps, userId, code);
  const keys = secondFactorKeys(deps.config.secret);
  return (await redeemRecoveryCode(deps.db, keys.recovery, userId, code, deps.config.now())) ? 'accepted' : 'refused';
}

/** Checks a second-factor code from `source` against the limits; a replayed code counts as a failed try. */
export async function checkSecondFactorCode(
  deps: Pick<PlatformDeps, 'config' | 'db' | 'jobs'>,
  userId: string,
  source: string,
  code: string,
): Promise<CodeCheck> {
  let check: CodeCheck = 'refused';
  await countedSecondFactorTry(deps, userId, source, async () => {
    check = await judgeCode(deps, userId, code.trim());
    return check === 'accepted';
  });
  return check;
}
