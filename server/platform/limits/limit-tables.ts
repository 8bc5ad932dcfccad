import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tz } from '../db/columns';

/**
 * Shared counters of every rate limit and lockout, so all processes on one database count
 * together. A row counts hits of one key in a fixed window; reserving is one atomic upsert.
 */
export const limitCounters = pgTable(
  'limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: tz('window_ends_at').notNull(),
  },
  (t) => [index('limit_counters_window_idx').on(t.windowEndsAt)],
);
