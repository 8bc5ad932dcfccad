import { ilike, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/connect';
import { containing } from '../db/paged-search';
import { rowsOf } from '../db/rows';
import { limitCounters } from './limit-tables';

export interface CounterState {
  /** Hits in the current window, this one included. */
  hits: number;
  windowEndsAt: Date;
}

/**
 * The upsert that counts one hit of `key`, returning (hits, window_ends_at): atomic, so concurrent
 * hits from any number of processes each see a distinct count, and a limit is reserved before it is
 * checked. A window that has ended starts again at 1. Counted only where `onlyIf` holds, for a
 * statement that also reads what the hit guards.
 */
export function counterHitSql(key: string, windowMs: number, now: Date, onlyIf: SQL = sql`true`): SQL {
  const nowIso = now.toISOString();
  const endsIso = new Date(now.getTime() + windowMs).toISOString();
  return sql`
    insert into limit_counters as c (key, hits, window_ends_at)
    select ${key}, 1, ${endsIso}::timestamptz where ${onlyIf}
    on conflict (key) do update set
      hits = case when c.window_ends_at <= ${nowIso}::timestamptz then 1 else c.hits + 1 end,
      window_ends_at = case when c.window_ends_at <= ${nowIso}::timestamptz then excluded.window_ends_at
        else c.window_ends_at end
    returning hits, window_ends_at`;
}

/** The counter of `key` in its current window (no row once the window has ended), as (hits, window_ends_at). */
export function counterStateSql(key: string, now: Date): SQL {
  return sql`select hits, window_ends_at from limit_counters
    where key = ${key} and window_ends_at > ${now.toISOString()}::timestamptz`;
}

export interface CounterRow {
  hits: number | string;
  window_ends_at: string | Date;
}

/** A counter row as the database answers it (counterHitSql, counterStateSql). */
export const counterStateOf = (row: CounterRow): CounterState => ({
  hits: Number(row.hits),
  windowEndsAt: new Date(row.window_ends_at),
});

/** Counts one hit of `key` and answers the count (counterHitSql). */
export async function hitCounter(db: Queryable, key: string, windowMs: number, now: Date): Promise<CounterState> {
  const result = await db.execute(counterHitSql(key, windowMs, now));
  const [row] = rowsOf<CounterRow>(result);
  return counterStateOf(row);
}

/** The count of `key` in its current window, without counting (null once the window has ended). */
export async function readCounter(db: Queryable, key: string, now: Date): Promise<CounterState | null> {
  const result = await db.execute(counterStateSql(key, now));
  const [row] = rowsOf<CounterRow>(result);
  return row ? counterStateOf(row) : null;
}

/** Gives back one hit (an attempt that turned out to be legitimate). */
export async function refundCounter(db: Queryable, key: string) {
  await db.execute(sql`update limit_counters set hits = greatest(hits - 1, 0) where key = ${key}`);
}

export async function clearCounter(db: Queryable, key: string) {
  await db.execute(sql`delete from limit_counters where key = ${key}`);
}

/** Deletes counters whose window ended, a bounded batch at a time. */
export async function sweepCounters(db: Queryable, now: Date, batch = 5000): Promise<number> {
  const result = await db.execute(sql`
    delete from limit_counters where key in (
      select key from limit_counters where window_ends_at <= ${now.toISOString()}::timestamptz limit ${batch})`);
  const counts = result as unknown as { rowCount?: number | null; affectedRows?: number };
  return counts.rowCount ?? counts.affectedRows ?? 0;
}

/** Drops the counters whose key holds this text (sign-in throttles count by email: an erased person's go). */
export async function forgetCountersContaining(db: Queryable, text: string) {
  await db.delete(limitCounters).where(ilike(limitCounters.key, containing(text)));
}
