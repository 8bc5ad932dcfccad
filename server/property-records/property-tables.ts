// Relative imports, not '@core': drizzle-kit loads table files without the path alias.

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../platform/db/columns';

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyName: text('property_name').notNull(),
    propertyLocation: text('property_location').notNull(),
    propertyFeatures: text('property_features').array().notNull().default(sql`'{qr}'::text[]`),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    /** Its property managers must enrol a second factor before using the app. */
    managersNeedSecondFactor: boolean('managers_need_second_factor').notNull().default(false),
    /** Months its gate events are kept; the daily upkeep removes older ones (server/gate-log/gate-log-retention.ts). */
    gateEventRetentionMonths: integer('gate_event_retention_months').notNull().default(24),
    /** Months its activity trail is kept; never under a year. */
    activityRetentionMonths: integer('activity_retention_months').notNull().default(84),
    createdAt: createdAt(),
  },
  (t) => [
    check('properties_gate_event_retention_range', sql`${t.gateEventRetentionMonths} between 1 and 1200`),
    check('properties_activity_retention_range', sql`${t.activityRetentionMonths} between 12 and 1200`),
    index('properties_name_idx').on(t.propertyName),
    // One property per name and location, ignoring case and runs of spaces (pickers list both).
    uniqueIndex('properties_name_location_unique').on(
      sql`lower(regexp_replace(btrim(${t.propertyName}), '\\s+', ' ', 'g'))`,
      sql`lower(regexp_replace(btrim(${t.propertyLocation}), '\\s+', ' ', 'g'))`,
    ),
  ],
);
