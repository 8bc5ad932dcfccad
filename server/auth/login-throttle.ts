import { MESSAGES } from '@core/messages';
import type { Queryable } from '../db/connect';
import { LIMITS } from '../limits/limit-rules';
import { exhausted, release, reserve } from '../limits/rate-limit';
import { TooManyRequests } from '../limits/too-many';

/**
 * Sign-in limits that stop a guesser without locking the owner out: per account and source
 * together, per source, and per account from anywhere a high ceiling above which the account
 * is paced (one attempt every few seconds), never locked. Every attempt is reserved before the
 * password is checked, so a concurrent burst cannot slip past the count.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Queryable,
    private readonly now: () => Date,
  ) {}

  /** Counts this attempt; throws 429 when a limit is used up. */
  async admit(email: string, source: string) {
    const now = this.now();
    const [fromSource, accountFromSource, ceilingLeft] = await Promise.all([
      reserve(this.db, LIMITS.loginSource, source, now),
      reserve(this.db, LIMITS.loginAccountFromSource, `${email}|${source}`, now),
      exhausted(this.db, LIMITS.loginAccountCeiling, email, now),
    ]);
    for (const reservation of [fromSource, accountFromSource]) {
      if (!reservation.allowed) throw new TooManyRequests(MESSAGES.tooManyLoginAttempts, reservation.retryAfterSeconds);
    }
    if (ceilingLeft !== null) {
      const paced = await reserve(this.db, LIMITS.loginAccountPace, email, now);
      if (!paced.allowed) throw new TooManyRequests(MESSAGES.loginPaced, paced.retryAfterSeconds);
    }
  }

  /** A wrong password: it also counts towards the account's ceiling. */
  async failed(email: string) {
    await reserve(this.db, LIMITS.loginAccountCeiling, email, this.now());
  }

  /** A right password gives back what its attempt reserved. */
  async succeeded(email: string, source: string) {
    await Promise.all([
      release(this.db, LIMITS.loginSource, source),
      release(this.db, LIMITS.loginAccountFromSource, `${email}|${source}`),
    ]);
  }
}
