import type { Queryable } from '../db/connect';
import { TooManyRequests } from '../errors/too-many';
import type { LimitRule } from './limit-rules';
import { exhausted, release, reserve } from './rate-limit';

/** The rules and refusals of one AccountThrottle. */
export interface AccountThrottleRules {
  /** Attempts at one account from one source: stops a guesser without touching the owner elsewhere. */
  accountFromSource: LimitRule;
  /** Attempts from one source whatever the account, where guessing across accounts matters. */
  source?: LimitRule;
  /** Failures of one account from anywhere; above it the account is paced, never locked. */
  accountCeiling: LimitRule;
  /** Above the ceiling: one attempt per account per window, so the owner still gets in. */
  pace: LimitRule;
  /** The refusal once a source's limit is used up, and once the account is paced. */
  messages: { tooMany: string; paced: string };
}

/**
 * Limits on guessing an account's secret (a password, a code) that stop a guesser without locking
 * the owner out: per account and source together (and per source), and per account from anywhere
 * a ceiling above which the account is paced to one attempt every few seconds, never locked. Every
 * attempt is reserved before the secret is checked, so a concurrent burst cannot slip past the count.
 */
export class AccountThrottle {
  constructor(
    private readonly db: Queryable,
    private readonly now: () => Date,
    private readonly rules: AccountThrottleRules,
  ) {}

  /** Counts this attempt; throws 429 when a limit is used up. */
  async admit(account: string, source: string) {
    const now = this.now();
    const { rules } = this;
    const [accountFromSource, fromSource, ceilingLeft] = await Promise.all([
      reserve(this.db, rules.accountFromSource, `${account}|${source}`, now),
      rules.source ? reserve(this.db, rules.source, source, now) : null,
      exhausted(this.db, rules.accountCeiling, account, now),
    ]);
    for (const reservation of [fromSource, accountFromSource]) {
      if (reservation && !reservation.allowed) {
        throw new TooManyRequests(rules.messages.tooMany, reservation.retryAfterSeconds);
      }
    }
    if (ceilingLeft !== null) {
      const paced = await reserve(this.db, rules.pace, account, now);
      if (!paced.allowed) throw new TooManyRequests(rules.messages.paced, paced.retryAfterSeconds);
    }
  }

  /** A wrong secret: it also counts towards the account's ceiling. Answers the account's failures in the window. */
  async failed(account: string): Promise<number> {
    return (await reserve(this.db, this.rules.accountCeiling, account, this.now())).hits;
  }

  /** A right secret gives back what its attempt reserved. */
  async succeeded(account: string, source: string) {
    const { rules } = this;
    await Promise.all([
      release(this.db, rules.accountFromSource, `${account}|${source}`),
      rules.source ? release(this.db, rules.source, source) : null,
    ]);
  }
}
