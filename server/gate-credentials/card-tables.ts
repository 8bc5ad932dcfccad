import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/account-tables';
import { createdAt, tz } from '../platform/db/columns';
import { properties } from '../property-records/property-tables';

/**
 * RFID cards and fobs of a property's people. The number is never stored: only an
 * HMAC bound to the property (lookup) and a hint for lists.
 */
export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lookupHash: text('lookup_hash').notNull(),
    hint: text('hint').notNull(),
    label: text('label').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    lastUsedAt: tz('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cards_property_lookup_unique').on(t.propertyId, t.lookupHash),
    index('cards_user_idx').on(t.userId),
  ],
);
