import { and, desc, gte, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { gateLogs } from './gate-log-tables';

export type GateLogRow = typeof gateLogs.$inferSelect;

/** An event's place in the log's order: its time (as text, microseconds kept) and id. */
export interface Place {
  at: string;
  id: string;
}

/** The rows of events at `places` (newest first), read by id within their span of time. */
export async function rowsAt(db: Queryable, places: Place[]): Promise<GateLogRow[]> {
  if (!places.length) return [];
  return db
    .select()
    .from(gateLogs)
    .where(
      and(
        sql`${gateLogs.id} = any(${`{${places.map((place) => place.id).join(',')}}`}::uuid[])`,
        gte(gateLogs.timestamp, sql`${places[places.length - 1].at}::timestamptz`),
        lte(gateLogs.timestamp, sql`${places[0].at}::timestamptz`),
      ),
    )
    .orderBy(desc(gateLogs.timestamp), desc(gateLogs.id));
}
