// Relative imports, not '@core': drizzle-kit loads table files without the path alias.

import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AccessSchedule } from '../../core/rules/schedule';
import { users } from '../accounts/account-tables';
import { devices } from '../device-records/device-tables';
import { createdAt, tz } from '../platform/db/columns';
import { properties } from '../property-records/property-tables';

/**
 * Who may use which gates when (docs/decisions/0044). "All residents" (allGates, allResidents)
 * follows the property's gates and residents as they come, until a manager edits it.
 */
export const accessGroups = pgTable(
  'access_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    allGates: boolean('all_gates').notNull().default(false),
    allResidents: boolean('all_residents').notNull().default(false),
    schedule: jsonb('schedule').$type<AccessSchedule>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('access_groups_property_name_unique').on(t.propertyId, sql`lower(${t.name})`)],
);

export const accessGroupGates = pgTable(
  'access_group_gates',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => accessGroups.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.deviceId] }), index('access_group_gates_device_idx').on(t.deviceId)],
);

export const accessGroupMembers = pgTable(
  'access_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => accessGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('access_group_members_user_idx').on(t.userId)],
);

/** A lockdown of a property, or of some of its gates (gateIds), from startedAt until ended or endsAt. */
export const lockdowns = pgTable(
  'lockdowns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** Null: every gate of the property. */
    gateIds: uuid('gate_ids').array(),
    reason: text('reason').notNull(),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: tz('started_at').notNull().defaultNow(),
    endsAt: tz('ends_at'),
    endedAt: tz('ended_at'),
    endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // At most one lockdown in force per property: the decision reads it by this index.
    uniqueIndex('lockdowns_one_active').on(t.propertyId).where(sql`${t.endedAt} is null`),
  ],
);
