// Relative imports, not '@core': drizzle-kit loads table files without the path alias.

import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../platform/db/columns';

/**
 * The gate openings whose relay has not answered yet: one row per pending relay_logs row, written
 * in the same statement and deleted in the statement that completes it. A row whose lease has run
 * out belongs to a process that died during the opening: its log row is marked outcome unknown
 * (docs/decisions/0021). Kept apart from relay_logs, so the log's indexes never change on completion.
 */
export const openingsInFlight = pgTable('openings_in_flight', {
  logId: uuid('log_id').primaryKey(),
  leaseUntil: tz('lease_until').notNull(),
});

/**
 * Relay pulses, shared by every process. The row that `holds` its device (one at most, partial
 * unique index) is the pulse a press joins instead of pulsing again: while in flight, and after
 * its answer until `hold_until`, the relay's on-time or a settle window (decision 0071).
 */
export const devicePulses = pgTable(
  'device_pulses',
  {
    id: uuid('id').primaryKey(),
    deviceId: uuid('device_id').notNull(),
    leaseUntil: tz('lease_until').notNull(),
    startedAt: tz('started_at').notNull(),
    /** The pulse's result once it is known; null while in flight. */
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    /** Until when a press joins this pulse once it has answered; null while in flight. */
    holdUntil: tz('hold_until'),
    /** This pulse is the device's current one; released by the next claim once its hold is over. */
    holding: boolean('holding').notNull().default(true),
  },
  (t) => [uniqueIndex('device_pulses_holding_unique').on(t.deviceId).where(sql`${t.holding}`)],
);
