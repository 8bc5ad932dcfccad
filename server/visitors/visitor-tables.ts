// Relative imports, not '@core': drizzle-kit loads table files without the path alias.

import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Weekday } from '../../core/constants';
import { users } from '../accounts/account-tables';
import { createdAt, searchText, tz } from '../platform/db/columns';
import { properties } from '../property-records/property-tables';

export const visitors = pgTable(
  'visitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** +1 and 10 digits when the resident gave one: the pass link is also sent by SMS. */
    phoneNumber: text('phone_number'),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    searchText: searchText(),
  },
  (t) => [
    uniqueIndex('visitors_creator_email_unique').on(t.createdBy, sql`lower(${t.email})`),
    index('visitors_property_idx').on(t.propertyId, t.createdAt, t.id),
    index('visitors_created_idx').on(t.createdAt, t.id),
    index('visitors_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export type RecurringDay = { _id: string; day: Weekday; startTime: string; endTime: string };

export type SpecificDate = { _id: string; date: string; startTime: string; endTime: string };

export const qrCodes = pgTable(
  'qr_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => visitors.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token the QR image encodes. */
    tokenHash: text('token_hash').notNull(),
    qrFirstName: text('qr_first_name').notNull(),
    qrLastName: text('qr_last_name').notNull(),
    qrType: text('qr_type', { enum: ['betweenDates', 'weekdays', 'randomDates'] }).notNull(),
    startDate: tz('start_date').notNull(),
    /** Null means no end. */
    endDate: tz('end_date'),
    lifetimeValidity: boolean('lifetime_validity').notNull().default(false),
    recurringDays: jsonb('recurring_days').$type<RecurringDay[]>().notNull().default([]),
    multipleDays: jsonb('multiple_days').$type<SpecificDate[]>().notNull().default([]),
    qrNotification: boolean('qr_notification').notNull().default(false),
    /** SHA-256 of the visitor's pass page link token (/pass/<token>); separate from the gate token. */
    passLinkHash: text('pass_link_hash'),
    /** The gate token sealed (secret box, key 'pass-page'), so the pass page can draw the QR. */
    tokenSealed: text('token_sealed'),
    /** The pass page's link token sealed (same key), so its owner can copy or share it later; null before 0041. */
    passLinkSealed: text('pass_link_sealed'),
    /** The gates this pass opens, narrowed by its creator; null: every gate its creator may use. */
    gateIds: uuid('gate_ids').array(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('qr_codes_token_unique').on(t.tokenHash),
    uniqueIndex('qr_codes_pass_link_unique').on(t.passLinkHash),
    index('qr_codes_visitor_idx').on(t.visitorId),
    index('qr_codes_creator_idx').on(t.createdBy, t.createdAt),
    index('qr_codes_property_idx').on(t.propertyId),
  ],
);
