import { sql } from 'drizzle-orm';
import type { Orm } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { createMonths } from './gate-log-partitions';

/** The gate log as it was before migration 0033, emptied into the partitioned one and then dropped. */
const OLD_TABLE = 'relay_logs_unpartitioned';
/** Rows per moving transaction: short enough that no gate write waits on it (bench/gate-log-partitions.bench.ts). */
export const UPGRADE_BATCH = 5000;

export interface UpgradeProgress {
  moved: number;
  /** The old table is gone: every row is in the partitioned log. */
  finished: boolean;
}

export async function oldLogRemains(db: Orm): Promise<boolean> {
  const result = await db.execute(sql`select to_regclass(${OLD_TABLE}) is not null as present`);
  return Boolean(rowsOf<{ present: boolean }>(result)[0]?.present);
}

/**
 * Moves the old log's rows into the partitioned one, newest first (so the recent log, the one
 * people read, is whole first), one transaction per batch, ids and every column kept; drops the
 * old table once it is empty. The months the old rows span get their tables first. A batch sets
 * gatehouse.relay_log_move, so the count triggers leave the daily counts (already right) alone
 * and lock none of the rows gate writes update. Stops early when `signal` aborts.
 */
export async function moveOldLogRows(
  db: Orm,
  options: { batch?: number; signal?: AbortSignal } = {},
): Promise<UpgradeProgress> {
  const batch = options.batch ?? UPGRADE_BATCH;
  let moved = 0;
  if (!(await oldLogRemains(db))) return { moved, finished: true };
  const span = await db.execute(sql`select min("timestamp")::text as oldest from ${sql.identifier(OLD_TABLE)}`);
  const oldest = rowsOf<{ oldest: string | null }>(span)[0]?.oldest;
  if (oldest) await createMonths(db, new Date(oldest), new Date());
  // Keyset on the old time index: the next batch starts below the oldest time moved, never
  // re-reading the index entries of rows already gone.
  let below = 'infinity';
  for (;;) {
    if (options.signal?.aborted) return { moved, finished: false };
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('gatehouse.relay_log_move', 'on', true)`);
      return tx.execute(sql`
      with edge as (
        select min(ts) as ts from (
          select "timestamp" as ts from ${sql.identifier(OLD_TABLE)}
          where "timestamp" < ${below}::timestamptz order by "timestamp" desc limit ${batch}
        ) newest
      ), taken as (
        delete from ${sql.identifier(OLD_TABLE)}
        where "timestamp" >= (select ts from edge) and "timestamp" < ${below}::timestamptz
        returning *
      ), put as (
        insert into relay_logs select * from taken returning 1
      )
      select (select ts from edge)::text as edge, (select count(*) from put)::int as n`);
    });
    const [row] = rowsOf<{ edge: string | null; n: number }>(result);
    if (!row?.edge) break;
    moved += Number(row.n);
    // As text: a Date would drop the microseconds, and rows in the dropped part would be skipped.
    below = row.edge;
  }
  await db.execute(sql`drop table if exists ${sql.identifier(OLD_TABLE)}`);
  return { moved, finished: true };
}
