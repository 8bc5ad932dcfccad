import type { Queryable } from '../platform/db/connect';
import { SERVER_MESSAGES } from '../platform/errors/server-messages';
import { AccountThrottle } from '../platform/limits/account-throttle';
import { LIMITS } from '../platform/limits/limit-rules';

/** Password sign-in limits: per account and source, per source (spraying), and a paced account ceiling. */
export const loginThrottle = (db: Queryable, now: () => Date) =>
  new AccountThrottle(db, now, {
    accountFromSource: LIMITS.loginAccountFromSource,
    source: LIMITS.loginSource,
    accountCeiling: LIMITS.loginAccountCeiling,
    pace: LIMITS.loginAccountPace,
    messages: { tooMany: SERVER_MESSAGES.tooManyLoginAttempts, paced: SERVER_MESSAGES.loginPaced },
  });
