import type { SQL } from 'drizzle-orm';
import type { Tx } from '../db/connect';
import { rowsOf } from '../db/rows';
import type { PlatformDeps } from '../deps';
import { TooManyRequests } from '../errors/too-many';
import {
  type CountedGuess,
  countGuessThenLookUpSql,
  firstNoticeOfLock,
  type GuessColumns,
  type GuessCounter,
  lockCounter,
  refundGuess,
} from './guess-counters';
import type { LockoutRule } from './limit-rules';

/** One limit of a lockout: what it counts, per reader or per property, and what it answers and tells once tripped. */
export interface LockoutLevel<Notice extends string> {
  rule: LockoutRule;
  /** Whose guesses it counts: the reader's own, or those of every reader of the reader's property. */
  per: 'reader' | 'property';
  /** The 429 message of every guess while it is tripped. */
  refusal: string;
  /** What the domain tells the managers when this level locks (onLocked). */
  notice: Notice;
}

/** The reader a guess was made at. */
export interface GuessReader {
  id: string;
  propertyId: string;
}

/** A guess within every allowance: what its lookup found, and what settling it needs. */
export interface Guess<Found, Notice extends string = string> {
  found: Found | null;
  reader: GuessReader;
  /** Where a guess the lookup did not find was counted (a right one found is counted nowhere). */
  counted: CountedGuess[];
  /** The levels whose allowance this guess used up: were it wrong, they lock. */
  lastOfAllowance: LockoutLevel<Notice>[];
}

const secondsUntil = (end: Date, now: Date) => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));

/**
 * Guessing a low-entropy secret (a PIN, a card number) at a reader, limited per reader and
 * optionally per property, in the statement that looks the secret up: a guess it does not find is
 * counted on every level, one it finds is placed after those counted. Past any level's allowance
 * every guess is refused, the right one too. The guess that used up an allowance, once found
 * wrong, locks the level for its rule's lockMs, and `onLocked` is told once per lock, in its transaction
 * (the platform knows no people: reader/ tells the property's managers).
 * A guess not found that turns out right elsewhere (a delivery pass's PIN) gives its count back.
 */
export class GuessLockout<Notice extends string> {
  constructor(
    private readonly deps: Pick<PlatformDeps, 'config' | 'db' | 'jobs'>,
    private readonly levels: LockoutLevel<Notice>[],
    /** The first lock of each level's window: the notices of the levels that locked, in the lock's transaction. */
    private readonly onLocked: (tx: Tx, notices: Notice[], reader: GuessReader) => Promise<unknown>,
  ) {}

  private counterOf(level: LockoutLevel<Notice>, reader: GuessReader): GuessCounter {
    return { rule: level.rule, key: `${level.rule.name}:${level.per === 'reader' ? reader.id : reader.propertyId}` };
  }

  /**
   * Looks the secret up (`lookup`, a select of at most one row, read by `foundOf`) and counts the
   * guess at `reader` unless it was found; throws 429 with the refusal of the first level past its
   * allowance, whether the secret was found or not.
   */
  async guess<Row extends object, Found>(
    reader: GuessReader,
    lookup: SQL,
    foundOf: (row: Row) => Found | null,
  ): Promise<Guess<Found, Notice>> {
    const now = this.deps.config.now();
    const counters = this.levels.map((level) => this.counterOf(level, reader));
    const result = await this.deps.db.execute(countGuessThenLookUpSql(counters, lookup, now));
    const [row] = rowsOf<Row & GuessColumns>(result);
    const found = foundOf(row);
    const counted: CountedGuess[] = [];
    const lastOfAllowance: LockoutLevel<Notice>[] = [];
    for (const [index, level] of this.levels.entries()) {
      // A found guess comes after the guesses counted so far; a counted one is its count.
      const place = found ? Number(row[`seen${index}`] ?? 0) + 1 : Number(row[`counted${index}`]);
      const windowEndsAt = new Date((found ? row[`seen_ends${index}`] : row[`counted_ends${index}`]) ?? now);
      if (place > level.rule.max) throw new TooManyRequests(level.refusal, secondsUntil(windowEndsAt, now));
      if (found) continue;
      counted.push({ key: counters[index].key, windowEndsAt });
      if (place === level.rule.max) lastOfAllowance.push(level);
    }
    return { found, reader, counted, lastOfAllowance };
  }

  /** The secret was right, though not found by the lookup: the guess is given back. */
  async right(guess: Guess<unknown, Notice>) {
    await refundGuess(this.deps.db, guess.counted);
  }

  /** The secret was wrong: the guess that used up an allowance locks its level and says so once (onLocked). */
  async wrong(guess: Guess<unknown, Notice>) {
    if (!guess.lastOfAllowance.length) return;
    const now = this.deps.config.now();
    await this.deps.db.transaction(async (tx) => {
      const notices: Notice[] = [];
      for (const level of guess.lastOfAllowance) {
        const counter = this.counterOf(level, guess.reader);
        await lockCounter(tx, counter, now);
        if (await firstNoticeOfLock(tx, counter, now)) notices.push(level.notice);
      }
      if (notices.length) await this.onLocked(tx, notices, guess.reader);
    });
    void this.deps.jobs.kick();
  }
}
