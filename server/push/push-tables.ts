// Relative imports, not '@core': drizzle-kit loads table files without the path alias.

import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/account-tables';
import { createdAt, tz } from '../platform/db/columns';

/**
 * A browser's Web Push subscription (issue 32). The endpoint is a capability URL and the keys
 * encrypt the payloads: both sealed, never logged; the endpoint's hash finds a re-subscription.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpointHash: text('endpoint_hash').notNull(),
    /** Sealed JSON of { endpoint, keys: { p256dh, auth } }. */
    subscriptionSealed: text('subscription_sealed').notNull(),
    /** Browser and system, from the user agent when subscribed. */
    label: text('label').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: tz('last_success_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpointHash),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
