import type { LogFilter, RelayLogDto } from '@core/api/relay-logs';
import { MAX_EXPORT_ROWS } from '@core/constants';
import { type AnyColumn, and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { pageOffset } from '../platform/db/paged-search';
import { rowsOf } from '../platform/db/rows';
import { relayLogs } from '../platform/db/schema';
import { criteriaWhere } from './relay-log-criteria';
import { type RelayLogRow, rowsAt } from './relay-log-places';
import { resolveCriteria } from './relay-log-search';

export function toRelayLogDto(row: RelayLogRow): RelayLogDto {
  return {
    _id: row.id,
    timestamp: row.timestamp.toISOString(),
    callerType: row.callerType,
    userDetails: row.userDetails ?? null,
    visitorDetails: row.visitorDetails ?? null,
    qrCodeDetails: row.qrCodeDetails ?? null,
    creatorDetails: row.creatorDetails ?? null,
    deviceDetails: row.deviceDetails ?? null,
    propertyDetails: row.propertyDetails ?? null,
    propertyId: row.propertyId ?? null,
    status: row.status,
    reason: row.reason ?? null,
    credential: row.credential ?? null,
    relayOperations: row.relayOperations,
    performanceMetrics: { totalDuration: row.totalDurationMs },
  };
}

export const newestFirst = [desc(relayLogs.timestamp), desc(relayLogs.id)];

/**
 * Every log of a filter, newest first, in batches walked by (timestamp, id) so a large export
 * never holds more than one batch. The cursor keeps PostgreSQL's microseconds as text.
 */
export async function* streamLogs(
  db: Queryable,
  filter: LogFilter,
  propertyId?: string,
  batchSize = 1000,
  maxRows = MAX_EXPORT_ROWS,
): AsyncGenerator<RelayLogDto> {
  const criteria = await resolveCriteria(db, filter, propertyId);
  let cursor: { at: string; id: string } | null = null;
  let sent = 0;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${relayLogs.timestamp}, ${relayLogs.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows: { row: RelayLogRow; at: string }[] = await db
      .select({ row: relayLogs, at: sql<string>`${relayLogs.timestamp}::text` })
      .from(relayLogs)
      .where(and(criteriaWhere(criteria), after))
      .orderBy(...newestFirst)
      .limit(Math.min(batchSize, maxRows - sent));
    for (const { row } of rows) yield toRelayLogDto(row);
    sent += rows.length;
    if (rows.length < batchSize || sent >= maxRows) return;
    const last = rows[rows.length - 1];
    cursor = { at: last.at, id: last.row.id };
  }
}

/** Where the bell first looks: from the start of the previous UTC month (a month just begun is thin). */
const recentFrom = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));

/**
 * The user's own gate events and their visitors' arrivals, newest first; one extra row tells
 * hasMore. Each side is read newest first through its own index (actor, creator), then the two are
 * merged: asked as one OR, the planner walked every month's time index looking for the user. The
 * last two months are read first, and the older ones only for what they leave wanted: planning
 * and opening every month's two indexes cost more than a page's reading.
 */
export async function findNotifications(
  db: Queryable,
  userId: string,
  page: { page: number; limit: number },
): Promise<{ logs: RelayLogDto[]; hasMore: boolean }> {
  const wanted = pageOffset(page.page, page.limit) + page.limit + 1;
  const recent = recentFrom(new Date());
  const placesWhere = async (within: SQL, limit: number) => {
    const newestOf = (column: AnyColumn) =>
      sql`(select "timestamp", id from ${relayLogs} where ${eq(column, userId)} and ${within}
        order by "timestamp" desc, id desc limit ${limit})`;
    const places = await db.execute(sql`
      select "timestamp"::text as at, id from (${newestOf(relayLogs.actorUserId)} union ${newestOf(relayLogs.creatorUserId)}) as mine
      order by "timestamp" desc, id desc limit ${limit}`);
    return rowsOf<{ at: string; id: string }>(places);
  };
  const places = await placesWhere(gte(relayLogs.timestamp, recent), wanted);
  if (places.length < wanted)
    places.push(...(await placesWhere(lt(relayLogs.timestamp, recent), wanted - places.length)));
  const rows = await rowsAt(db, places.slice(pageOffset(page.page, page.limit)));
  return { logs: rows.slice(0, page.limit).map(toRelayLogDto), hasMore: rows.length > page.limit };
}
