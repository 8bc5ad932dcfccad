import { and, desc, gte, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { relayLogs } from '../platform/db/schema';

export type RelayLogRow = typeof relayLogs.$inferSelect;

/** An event's place in the log's order: its time (as text, microseconds kept) and id. */
export interface Place {
  at: string;
  id: string;
}

/** The rows of events at `places` (newest first), read by id within their span of time. */
export async function rowsAt(db: Queryable, places: Place[]): Promise<RelayLogRow[]> {
  if (!places.length) return [];
  return db
    .select()
    .from(relayLogs)
    .where(
      and(
        sql`${relayLogs.id} = any(${`{${places.map((place) => place.id).join(',')}}`}::uuid[])`,
        gte(relayLogs.timestamp, sql`${places[places.length - 1].at}::timestamptz`),
        lte(relayLogs.timestamp, sql`${places[0].at}::timestamptz`),
      ),
    )
    .orderBy(desc(relayLogs.timestamp), desc(relayLogs.id));
}
