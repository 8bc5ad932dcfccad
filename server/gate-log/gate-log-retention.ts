import { sql } from 'drizzle-orm';
import type { Orm } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { dropMonth, monthPartitions } from './gate-log-partitions';
import { FORMER_SUBJECT, type FormerSubject, pruneSubjects } from './gate-log-subjects';

/** Months gate events are kept where no property says otherwise (events of no property). */
export const DEFAULT_GATE_EVENT_MONTHS = 24;
/** Rows per deleting statement: each is its own short transaction (bench/gate-log-retention.bench.ts). */
export const RETENTION_BATCH = 5000;

export interface RetentionCutoff {
  /** null: gate events of no property, or of one deleted since. */
  propertyId: string | null;
  months: number;
  olderThan: Date;
}

/** Each property's moment before which its gate events go, and one for events of no property. */
export async function gateEventCutoffs(db: Orm, now: Date): Promise<RetentionCutoff[]> {
  const result = await db.execute(sql`
    select id as property_id, gate_event_retention_months as months,
      (${now.toISOString()}::timestamptz - make_interval(months => gate_event_retention_months))::text as older_than
    from properties
    union all
    select null, ${DEFAULT_GATE_EVENT_MONTHS}::int,
      (${now.toISOString()}::timestamptz - make_interval(months => ${DEFAULT_GATE_EVENT_MONTHS}::int))::text`);
  return rowsOf<{ property_id: string | null; months: number; older_than: string }>(result).map((row) => ({
    propertyId: row.property_id,
    months: Number(row.months),
    olderThan: new Date(row.older_than),
  }));
}

/** Gate events removed per property (the key '' for events of no property). */
export type RemovedCounts = Map<string, number>;

const keyOf = (propertyId: string | null) => propertyId ?? '';
const add = (counts: RemovedCounts, key: string, n: number) => {
  if (n) counts.set(key, (counts.get(key) ?? 0) + n);
};

/**
 * Drops the monthly tables that end before every property's cutoff (counting their rows per
 * property from the daily counts first), then deletes each property's older events in batches of
 * `batch`, one short transaction each, through the index on property and time. Gate decisions only
 * insert new rows, so nothing here waits on them or they on it.
 */
export async function removeOldGateEvents(
  db: Orm,
  now: Date,
  options: { batch?: number; signal?: AbortSignal } = {},
): Promise<{ removed: RemovedCounts; droppedMonths: string[] }> {
  const batch = options.batch ?? RETENTION_BATCH;
  const cutoffs = await gateEventCutoffs(db, now);
  const removed: RemovedCounts = new Map();
  const droppedMonths: string[] = [];
  const everyoneDone = Math.min(...cutoffs.map((cutoff) => cutoff.olderThan.getTime()));
  for (const month of await monthPartitions(db)) {
    if (month.to.getTime() > everyoneDone) break;
    const perProperty = await countsByProperty(db, month.from, month.to);
    if (!(await dropMonth(db, month))) continue;
    droppedMonths.push(month.name);
    for (const [key, n] of perProperty) add(removed, key, n);
  }
  for (const cutoff of cutoffs) {
    // The default covers events of no property and of a property no longer there.
    const owner = cutoff.propertyId
      ? sql`property_id = ${cutoff.propertyId}::uuid`
      : sql`(property_id is null or not exists (select 1 from properties p where p.id = relay_logs.property_id))`;
    for (;;) {
      if (options.signal?.aborted) return { removed, droppedMonths };
      const gone = await db.transaction(async (tx) => {
        const result = await tx.execute(sql`
          delete from relay_logs where (id, "timestamp") in (
            select id, "timestamp" from relay_logs
            where ${owner} and "timestamp" < ${cutoff.olderThan.toISOString()}::timestamptz
            limit ${batch})
          returning ${FORMER_SUBJECT}`);
        const former = rowsOf<FormerSubject>(result);
        await pruneSubjects(tx, former);
        return former;
      });
      const n = gone.length;
      add(removed, keyOf(cutoff.propertyId), n);
      if (n < batch) break;
    }
  }
  return { removed, droppedMonths };
}

async function countsByProperty(db: Orm, from: Date, to: Date): Promise<RemovedCounts> {
  const result = await db.execute(sql`
    select nullif(property_key, '00000000-0000-0000-0000-000000000000'::uuid) as property_id, sum(n)::bigint as n
    from relay_log_daily_counts
    where day >= (${from.toISOString()}::timestamptz at time zone 'UTC')::date
      and day < (${to.toISOString()}::timestamptz at time zone 'UTC')::date
    group by 1`);
  const counts: RemovedCounts = new Map();
  for (const row of rowsOf<{ property_id: string | null; n: string }>(result))
    add(counts, keyOf(row.property_id), Number(row.n));
  return counts;
}
