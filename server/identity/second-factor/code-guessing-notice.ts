import type { PlatformDeps } from '../../platform/deps';
import { LIMITS } from '../../platform/limits/limit-rules';
import { reserve } from '../../platform/limits/rate-limit';
import { enqueueSecurityNotice } from '../security-notice-jobs';

/** Wrong second-factor tries of one account, from anywhere, that tell its owner someone has the password. */
export const GUESSING_NOTICE_AFTER = LIMITS.secondFactorAccountFromSource.max;

/**
 * After a wrong second-factor try: the one try that brings the account's failures to
 * GUESSING_NOTICE_AFTER emails the owner, at most once a day (the counters are atomic, so exactly
 * one concurrent try, in any process, sees that count and wins the day's notice).
 */
export async function noteWrongSecondFactor(
  deps: Pick<PlatformDeps, 'config' | 'db' | 'jobs'>,
  userId: string,
  failures: number,
) {
  if (failures !== GUESSING_NOTICE_AFTER) return;
  const notice = await reserve(deps.db, LIMITS.secondFactorGuessNotice, userId, deps.config.now());
  if (!notice.allowed) return;
  await enqueueSecurityNotice(deps.jobs, deps.db, { userId, event: 'codes-guessed' });
  void deps.jobs.kick();
}
