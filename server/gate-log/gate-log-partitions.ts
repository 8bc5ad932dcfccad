import { sql } from 'drizzle-orm';
import type { Orm, Tx } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { dropMonthSubjects } from './gate-log-subjects';

/** Months of tables made ahead of the current one, so a month's first event never lands in the default partition. */
export const MONTHS_AHEAD = 3;
/**
 * How long a change of partitions waits for the log's lock before giving up until the next run:
 * a drop or attach queued behind a long read would otherwise hold every gate's insert behind it.
 */
const PARTITION_LOCK_TIMEOUT = '2s';

export interface MonthPartition {
  name: string;
  from: Date;
  to: Date;
}

/** Runs `change` in a transaction that gives up (lock_timeout) rather than queue gate writes behind a long read. */
export async function withShortLockWait<T>(db: Orm, change: (tx: Tx) => Promise<T>): Promise<T | null> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('lock_timeout', ${PARTITION_LOCK_TIMEOUT}, true)`);
      return change(tx);
    });
  } catch (error) {
    if (isLockTimeout(error)) return null;
    throw error;
  }
}

/** Makes the tables of this UTC month and the next MONTHS_AHEAD that are missing; answers their names. */
export function createMonthsAhead(db: Orm, now: Date, monthsAhead = MONTHS_AHEAD): Promise<string[]> {
  return createMonths(db, now, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead, 1)));
}

/** Makes the missing tables of the UTC months from `first`'s to `last`'s, each in its own short transaction. */
export async function createMonths(db: Orm, first: Date, last: Date): Promise<string[]> {
  const made: string[] = [];
  for (
    let monthOf = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1));
    monthOf <= last;
    monthOf = new Date(Date.UTC(monthOf.getUTCFullYear(), monthOf.getUTCMonth() + 1, 1))
  ) {
    const result = await withShortLockWait(db, (tx) =>
      tx.execute(sql`select relay_logs_add_month(${monthOf.toISOString()}::timestamptz) as made`),
    );
    // null: not had the lock in time; the next run makes it (three months ahead leaves room).
    if (result && rowsOf<{ made: boolean }>(result)[0]?.made) made.push(monthPartitionName(monthOf));
  }
  return made;
}

export const monthPartitionName = (monthOf: Date) =>
  `relay_logs_${monthOf.getUTCFullYear()}_${String(monthOf.getUTCMonth() + 1).padStart(2, '0')}`;

/** The monthly tables of the gate log, oldest first (the default partition is not one). */
export async function monthPartitions(db: Orm): Promise<MonthPartition[]> {
  const result = await db.execute(sql`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'relay_logs'::regclass`);
  return rowsOf<{ name: string; bound: string }>(result)
    .flatMap((row) => {
      const match = /FROM \('([^']+)'\) TO \('([^']+)'\)/.exec(row.bound);
      return match ? [{ name: row.name, from: new Date(match[1]), to: new Date(match[2]) }] : [];
    })
    .sort((a, b) => a.from.getTime() - b.from.getTime());
}

/**
 * Drops a month's table with its subjects and its days in the daily counts; answers false when the lock was not had
 * in time (the next run tries again). No count of its rows here: on a large month that would be a
 * scan under the lock; the daily counts say how many.
 */
export async function dropMonth(db: Orm, month: MonthPartition): Promise<boolean> {
  const dropped = await withShortLockWait(db, async (tx) => {
    await tx.execute(sql`drop table ${sql.identifier(month.name)}`);
    await dropMonthSubjects(tx, month);
    // Months are UTC months and the counts UTC days, so the month's days hold its rows only.
    await tx.execute(sql`
      delete from relay_log_daily_counts
      where day >= (${month.from.toISOString()}::timestamptz at time zone 'UTC')::date
        and day < (${month.to.toISOString()}::timestamptz at time zone 'UTC')::date`);
    return true;
  });
  return dropped === true;
}

const isLockTimeout = (error: unknown): boolean =>
  (error as { code?: string; cause?: { code?: string } }).code === '55P03' ||
  (error as { cause?: { code?: string } }).cause?.code === '55P03';
