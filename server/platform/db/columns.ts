import { sql } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
// Stored, not computed per row: a broad search rechecks (or scans) tens of thousands of rows to
// count them, and lower() of the concatenation was most of that cost.
export const searchText = () =>
  text('search_text').generatedAlwaysAs(sql`lower(first_name || ' ' || last_name || ' ' || email)`);
