import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/connect';
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

/** The columns countGuessThenLookUpSql answers for counter `index`. */
export type CountedColumns = Record<`place${number}`, CounterRow['hits'] | null> &
  Record<`ends${number}`, CounterRow['window_ends_at'] | null>;

const cte = (index: number) => sql.raw(`guess${index}`);
/** 1 when the lookup found the secret (a right guess), else 0. */
const known = sql`(select count(*) from found)::int`;
/** The guess's place in the counter's window, a right one included, within the allowance. */
const within = (counter: GuessCounter, index: number) => sql`${cte(index)}.hits + ${known} <= ${counter.rule.max}`;

/**
 * One statement that looks the secret up (`lookup`, a select of at most one row) and counts the
 * guess on each counter in turn, each only while the one before is within its allowance. A wrong
 * guess adds 1; a right one adds nothing, but is placed after the guesses counted so far, so it is
 * refused once they have used up the allowance. The lookup's row is answered only when every
 * counter is within its allowance. Each count is the upsert's own answer on the counter's row,
 * which a concurrent statement of any process has either changed already or is waited for: a lock
 * is a state of that row (hits at the allowance until the lock ends), never read from a snapshot
 * beside it. Answers place0, ends0, place1, ends1, … (null where not counted) and the lookup's
 * columns (null when it found nothing or the guess is refused).
 */
export function countGuessThenLookUpSql(counters: GuessCounter[], lookup: SQL, now: Date): SQL {
  const ctes = counters.map((counter, index) => {
    const onlyIf =
      index === 0
        ? sql`true`
        : sql`exists (select 1 from ${cte(index - 1)} where ${within(counters[index - 1], index - 1)})`;
    const hit = counterHitSql(counter.key, counter.rule.windowMs, now, onlyIf, sql`1 - ${known}`);
    return sql`${cte(index)} as (${hit})`;
  });
  const columns = counters.map(
    (_, index) =>
      sql`${cte(index)}.hits + ${known} as ${sql.raw(`place${index}`)}, ${cte(index)}.window_ends_at as ${sql.raw(`ends${index}`)}`,
  );
  const joins = counters.slice(1).map((_, index) => sql` left join ${cte(index + 1)} on true`);
  return sql`with found as (${lookup}), ${sql.join(ctes, sql`, `)}
    select ${sql.join(columns, sql`, `)}, found.*
    from ${cte(0)}${sql.join(joins)}
    left join found on ${sql.join(counters.map(within), sql` and `)}`;
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
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
