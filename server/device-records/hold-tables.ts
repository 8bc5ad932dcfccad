import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { AccessSchedule } from '../../core/rules/schedule';
import { users } from '../accounts/account-tables';
import { tz } from '../platform/db/columns';
import { properties } from '../property-records/property-tables';
import { devices } from './device-tables';

/**
 * Hold-open per gate: its schedule, a manager's hold or release, and what the relay was last told,
 * with the lease of the one process driving a change (as device_pulses). The row's state is owned
 * here, below its readers; server/hold-open drives it (docs/decisions/0110).
 */
export const gateHolds = pgTable(
  'gate_holds',
  {
    deviceId: uuid('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** An AccessSchedule in the property's time zone: the relay is held on inside its ranges. */
    schedule: jsonb('schedule').$type<AccessSchedule>(),
    /** A manager's override: 'hold' until manualUntil, or 'release' while the schedule is open. */
    manualState: text('manual_state', { enum: ['hold', 'release'] }),
    manualUntil: tz('manual_until'),
    manualBy: uuid('manual_by').references(() => users.id, { onDelete: 'set null' }),
    /** The manager's name as the log words it ("Held open by Pat Lee until 10:30"). */
    manualByName: text('manual_by_name'),
    /** What the relay was last told: latched on, or released. */
    assertedOn: boolean('asserted_on').notNull().default(false),
    /** Why it was last held: 'schedule' or 'manual', for the words of its release. */
    assertedCause: text('asserted_cause'),
    assertedAt: tz('asserted_at'),
    /** Tell the relay again at the next sweep: the last command failed, or the device came back. */
    needsAssert: boolean('needs_assert').notNull().default(false),
    leaseId: uuid('lease_id'),
    leaseUntil: tz('lease_until'),
  },
  (t) => [index('gate_holds_property_idx').on(t.propertyId)],
);
