import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// Relative, not '@core': drizzle-kit loads this file without the path alias.
import type { ApiKeyScope } from '../../core/api/api-keys';
import { users } from '../accounts/account-tables';
import { properties } from '../property-records/property-tables';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A property's API keys (issue 44): only the key's SHA-256 is kept (docs/decisions/0090). A key
 * acts for its property with the scopes it names and, where a route needs a person, for the
 * manager who made it; it ends with that manager's account or its property.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, shown in the list to tell keys apart. */
    prefix: text('prefix').notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at'),
    revokedAt: tz('revoked_at'),
    lastUsedAt: tz('last_used_at'),
    lastUsedIp: text('last_used_ip'),
  },
  (t) => [uniqueIndex('api_keys_key_hash_idx').on(t.keyHash), index('api_keys_property_idx').on(t.propertyId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
