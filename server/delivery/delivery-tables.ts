// Relative imports, not '@core': drizzle-kit loads table files without the path alias.

import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/account-tables';
import { createdAt, tz } from '../platform/db/columns';
import { properties } from '../property-records/property-tables';

/**
 * A delivery pass: a QR code and a 6-digit guest PIN for a courier, valid for a few
 * hours and a few uses. Uses are taken by one conditional UPDATE, so two gates cannot both take
 * the last one.
 */
export const deliveryPasses = pgTable(
  'delivery_passes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    company: text('company').notNull().default(''),
    /** SHA-256 of the gate token the QR encodes. */
    tokenHash: text('token_hash').notNull(),
    /** The gate token and the PIN, sealed, so the creator's list and the pass page can show them. */
    tokenSealed: text('token_sealed').notNull(),
    pinSealed: text('pin_sealed').notNull(),
    /** HMAC of the property and the PIN, as for residents' PINs; null once the pass has ended, freeing the PIN. */
    pinLookup: text('pin_lookup'),
    startsAt: tz('starts_at').notNull(),
    endsAt: tz('ends_at').notNull(),
    usesAllowed: integer('uses_allowed').notNull(),
    usesTaken: integer('uses_taken').notNull().default(0),
    /** Tell the creator at each use. */
    notify: boolean('notify').notNull().default(false),
    /** The courier's page link (/delivery/<link token>): its hash to find the pass, sealed so the creator can share it again. */
    linkHash: text('link_hash'),
    linkSealed: text('link_sealed'),
    cancelledAt: tz('cancelled_at'),
    /** The gates this pass opens, narrowed by its creator; null: every gate its creator may use. */
    gateIds: uuid('gate_ids').array(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('delivery_passes_token_unique').on(t.tokenHash),
    uniqueIndex('delivery_passes_link_unique').on(t.linkHash),
    uniqueIndex('delivery_passes_live_pin_unique').on(t.propertyId, t.pinLookup),
    index('delivery_passes_property_idx').on(t.propertyId, t.createdAt),
  ],
);
