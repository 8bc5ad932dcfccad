import type { GateLogDto, LogFilter } from '@core/api/gate-log';
import { MAX_EXPORT_ROWS } from '@core/constants';
import { type AnyColumn, and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { pageOffset } from '../platform/db/paged-search';
import { rowsOf } from '../platform/db/rows';
import { criteriaWhere } from './gate-log-criteria';
import { type GateLogRow, rowsAt } from './gate-log-places';
import { resolveCriteria } from './gate-log-search';
import { gateLogs } from './gate-log-tables';

export function toGateLogDto(row: GateLogRow): GateLogDto {
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

export const newestFirst = [desc(gateLogs.timestamp), desc(gateLogs.id)];

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
): AsyncGenerator<GateLogDto> {
  const criteria = await resolveCriteria(db, filter, propertyId);
  let cursor: { at: string; id: string } | null = null;
  let sent = 0;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${gateLogs.timestamp}, ${gateLogs.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows: { row: GateLogRow; at: string }[] = await db
      .select({ row: gateLogs, at: sql<string>`${gateLogs.timestamp}::text` })
      .from(gateLogs)
      .where(and(criteriaWhere(criteria), after))
      .orderBy(...newestFirst)
      .limit(Math.min(batchSize, maxRows - sent));
    for (const { row } of rows) yield toGateLogDto(row);
    sent += rows.length;
    if (rows.length < batchSize || sent >= maxRows) return;
    const last = rows[rows.length - 1];
    cursor = { at: last.at, id: last.row.id };
  }
}

/** Where the bell first looks: from the start of the previous UTC month (a month just begun is thin). */
const recentFrom = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));

/**
 * The user's own gate events and their visitors' arrivals, newest first, and for a property's
 * manager every gate event at that property (a resident's opening, a reader's refusal); one extra
 * row tells hasMore. The property side reads the (property, time) index the same way. Each side is read newest first through its own index (actor, creator), then the two are
 * merged: asked as one OR, the planner walked every month's time index looking for the user. The
 * last two months are read first, and the older ones only for what they leave wanted: planning
 * and opening every month's two indexes cost more than a page's reading.
 */
export async function findNotifications(
  db: Queryable,
  userId: string,
  page: { page: number; limit: number },
  managedPropertyId: string | null = null,
): Promise<{ logs: GateLogDto[]; hasMore: boolean }> {
  const wanted = pageOffset(page.page, page.limit) + page.limit + 1;
  const recent = recentFrom(new Date());
  const placesWhere = async (within: SQL, limit: number) => {
    const newestOf = (column: AnyColumn, value: string) =>
      sql`(select "timestamp", id from ${gateLogs} where ${eq(column, value)} and ${within}
        order by "timestamp" desc, id desc limit ${limit})`;
    const sides = [newestOf(gateLogs.actorUserId, userId), newestOf(gateLogs.creatorUserId, userId)];
    if (managedPropertyId) sides.push(newestOf(gateLogs.propertyId, managedPropertyId));
    const places = await db.execute(sql`
      select "timestamp"::text as at, id from (${sql.join(sides, sql` union `)}) as mine
      order by "timestamp" desc, id desc limit ${limit}`);
    return rowsOf<{ at: string; id: string }>(places);
  };
  const places = await placesWhere(gte(gateLogs.timestamp, recent), wanted);
  if (places.length < wanted)
    places.push(...(await placesWhere(lt(gateLogs.timestamp, recent), wanted - places.length)));
  const rows = await rowsAt(db, places.slice(pageOffset(page.page, page.limit)));
  return { logs: rows.slice(0, page.limit).map(toGateLogDto), hasMore: rows.length > page.limit };
}

/** The newest `limit` gate events a person made or their passes did, newest first. */
export async function gateEventsOfPerson(db: Queryable, userId: string, limit: number) {
  return db
    .select()
    .from(gateLogs)
    .where(or(eq(gateLogs.actorUserId, userId), eq(gateLogs.creatorUserId, userId)))
    .orderBy(desc(gateLogs.timestamp))
    .limit(limit);
}
