import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether a lockdown in force at `at` covers the gate: the one statement of the rule, for the gate
 * decision (rule-facts.ts) and the hold-open sweep alike. A null gate list is the whole property.
 */
export const lockdownCovers = (propertyId: SQL, deviceId: SQL, at: SQL) => sql<boolean>`exists (
  select 1 from lockdowns l
  where l.property_id = ${propertyId} and l.ended_at is null
    and (l.ends_at is null or l.ends_at > ${at})
    and (l.gate_ids is null or ${deviceId} = any (l.gate_ids)))`;
