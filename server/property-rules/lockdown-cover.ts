import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';

/**
 * Whether a lockdown in force at `at` covers the gate: the one statement of the rule, for the gate
 * decision (rule-facts.ts) and the hold-open sweep alike. A null gate list is the whole property.
 */
export const lockdownCovers = (propertyId: SQL, deviceId: SQL, at: SQL) => sql<boolean>`exists (
  select 1 from lockdowns l
  where l.property_id = ${propertyId} and l.ended_at is null
    and (l.ends_at is null or l.ends_at > ${at})
    and (l.gate_ids is null or ${deviceId} = any (l.gate_ids)))`;

/** Whether a lockdown covers this gate at `at` (the reader's screen, the intercom's calls). */
export async function gateLockedDown(db: Queryable, gate: { propertyId: string; deviceId: string; at: Date }) {
  const result = await db.execute(
    sql`select ${lockdownCovers(sql`${gate.propertyId}::uuid`, sql`${gate.deviceId}::uuid`, sql`${gate.at.toISOString()}::timestamptz`)} as locked`,
  );
  return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
}
