import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/connect';
import { rowsOf } from '../db/rows';
import { type CounterRow, counterHitSql } from './limit-counters';
import type { LockoutRule } from './limit-rules';

/** One counter a guess is counted on: a rule and its row's key (the rule and whose guesses it counts). */
export interface GuessCounter {
  rule: LockoutRule;
  key: string;
}

/** A guess counted on a counter: the window it was counted in. */
export interface CountedGuess {
  key: string;
  windowEndsAt: Date;
}

/** The columns countGuessThenLookUpSql answers for counter `index` (null where not read). */
export type GuessColumns = Record<`counted${number}` | `seen${number}`, CounterRow['hits'] | null> &
  Record<`counted_ends${number}` | `seen_ends${number}`, CounterRow['window_ends_at'] | null>;

const name = (prefix: string, index: number) => sql.raw(`${prefix}${index}`);

/**
 * One statement that looks the secret up (`lookup`, a select of at most one row) and either counts
 * the guess or reads the counters:
 * - a guess the lookup did not find is counted on each counter in turn, each only while the one
 *   before is within its allowance. Each count is the upsert's own answer on the counter's row,
 *   which a concurrent statement of any process has either changed already or is waited for, so
 *   its place is exact: a lock is a state of that row (hits at the allowance until the lock ends);
 * - a guess the lookup found (a right one) writes nothing: it reads the counters as they were when
 *   the statement began, a consistent instant, and is placed after the guesses counted by then.
 * A statement never writes on the strength of what it read from its snapshot (bursts of wrong PINs
 * once raced so, decision 0018). Answers counted0, counted_ends0, … (the counts), seen0, seen_ends0, … (the
 * counters read for a found guess) and the lookup's columns (null when it found nothing).
 */
export function countGuessThenLookUpSql(counters: GuessCounter[], lookup: SQL, now: Date): SQL {
  const counted = counters.map((counter, index) => {
    const onlyIf =
      index === 0
        ? sql`not exists (select 1 from found)`
        : sql`exists (select 1 from ${name('guess', index - 1)} where hits <= ${counters[index - 1].rule.max})`;
    return sql`${name('guess', index)} as (${counterHitSql(counter.key, counter.rule.windowMs, now, onlyIf)})`;
  });
  const keys = sql.join(
    counters.map((counter) => sql`${counter.key}`),
    sql`, `,
  );
  const columns = counters.map(
    (_, index) => sql`${name('guess', index)}.hits as ${name('counted', index)},
      ${name('guess', index)}.window_ends_at as ${name('counted_ends', index)},
      ${name('seen', index)}.hits as ${name('seen', index)}, ${name('seen', index)}.window_ends_at as ${name('seen_ends', index)}`,
  );
  const joins = counters.map(
    (counter, index) => sql` left join ${name('guess', index)} on true
      left join seen as ${name('seen', index)} on ${name('seen', index)}.key = ${counter.key}`,
  );
  return sql`with found as (${lookup}), ${sql.join(counted, sql`, `)},
    seen as (select key, hits, window_ends_at from limit_counters
      where key in (${keys}) and window_ends_at > ${now.toISOString()}::timestamptz and exists (select 1 from found))
    select ${sql.join(columns, sql`, `)}, found.*
    from (select 1) as guess${sql.join(joins)}
    left join found on true`;
}

/**
 * Gives a guess back on each counter it was counted on (it turned out right), but only within the
 * window it was counted in: once a lock has moved the window, or the window has ended, nothing is
 * given back, so a right guess in flight cannot reopen a locked reader. The rows are locked in the
 * order a guess counts them (the reader's, then the property's), so a refund and a guess at the
 * same reader never wait for each other in a cycle.
 */
export async function refundGuess(db: Queryable, counted: CountedGuess[]) {
  if (!counted.length) return;
  const rows = counted.map(
    ({ key, windowEndsAt }, place) => sql`(${key}, ${windowEndsAt.toISOString()}::timestamptz, ${place}::int)`,
  );
  await db.execute(sql`
    update limit_counters as c set hits = greatest(c.hits - 1, 0)
    from (select l.key from limit_counters as l
      join (values ${sql.join(rows, sql`, `)}) as counted (key, window_ends_at, place)
        on l.key = counted.key and l.window_ends_at = counted.window_ends_at
      order by counted.place for update of l) as refunded
    where c.key = refunded.key`);
}

/**
 * Locks a counter until `lockMs` from now: its hits at least the allowance, so every guess counted
 * meanwhile is refused. The lock's end differs from the window's end it replaces, so refunds of the
 * window's guesses no longer apply.
 */
export async function lockCounter(db: Queryable, counter: GuessCounter, now: Date) {
  const ends = new Date(now.getTime() + counter.rule.lockMs).toISOString();
  await db.execute(sql`
    insert into limit_counters as c (key, hits, window_ends_at) values (${counter.key}, ${counter.rule.max}, ${ends}::timestamptz)
    on conflict (key) do update set
      hits = greatest(c.hits, ${counter.rule.max}),
      window_ends_at = case when c.window_ends_at = excluded.window_ends_at
        then excluded.window_ends_at + interval '1 millisecond' else excluded.window_ends_at end`);
}

/**
 * Marks the lock of a counter as told to the managers until it ends; true only for the first mark
 * of a lock, so two guesses that both lock it (a right one refunded between them) send one email.
 */
export async function firstNoticeOfLock(db: Queryable, counter: GuessCounter, now: Date): Promise<boolean> {
  const ends = new Date(now.getTime() + counter.rule.lockMs).toISOString();
  const result = await db.execute(sql`
    insert into limit_counters as c (key, hits, window_ends_at) values (${`${counter.key}:told`}, 1, ${ends}::timestamptz)
    on conflict (key) do update set hits = 1, window_ends_at = excluded.window_ends_at
      where c.window_ends_at <= ${now.toISOString()}::timestamptz
    returning key`);
  return rowsOf(result).length > 0;
}
