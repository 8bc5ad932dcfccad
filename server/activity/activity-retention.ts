import { sql } from 'drizzle-orm';
import type { Orm } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';

/** Months the trail of no property (super administrators' own sign-ins) is kept; a property's is its own setting. */
export const DEFAULT_ACTIVITY_MONTHS = 84;
const ACTIVITY_BATCH = 5000;

/**
 * Removes each property's trail entries older than its activity retention, through
 * activity_retention_delete (migration 0027), the one path the append-only trigger lets through,
 * a bounded batch per transaction; answers how many per property ('' for entries of no property).
 */
export async function removeOldActivity(db: Orm, now: Date): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select id::text as property_id, activity_retention_months as months from properties
    union all select null, ${DEFAULT_ACTIVITY_MONTHS}::int`);
  const removed = new Map<string, number>();
  for (const row of rowsOf<{ property_id: string | null; months: number }>(result)) {
    for (;;) {
      const deleted = await db.execute(sql`
        select activity_retention_delete(${row.property_id}::uuid,
          ${now.toISOString()}::timestamptz - make_interval(months => ${row.months}::int), ${ACTIVITY_BATCH}) as n`);
      const n = Number(rowsOf<{ n: number }>(deleted)[0]?.n ?? 0);
      if (n) removed.set(row.property_id ?? '', (removed.get(row.property_id ?? '') ?? 0) + n);
      if (n < ACTIVITY_BATCH) break;
    }
  }
  return removed;
}
