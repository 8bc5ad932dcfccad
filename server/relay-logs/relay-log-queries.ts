import type { LogFilter, RelayLogDto } from '@core/api/relay-logs';
import { MAX_EXPORT_ROWS } from '@core/constants';
import { type AnyColumn, and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { pageOffset } from '../platform/db/paged-search';
import { rowsOf } from '../platform/db/rows';
import { relayLogs } from '../platform/db/schema';
import { criteriaWhere } from './relay-log-criteria';
import { EXACT_SUBJECT_EVENTS, newestMatchesPage, resolveCriteria, rowsAt, subjectsPage } from './relay-log-search';
import { estimatedTotal, type LogTotal, logTotal } from './relay-log-total';

type RelayLogRow = typeof relayLogs.$inferSelect;

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

const newestFirst = [desc(relayLogs.timestamp), desc(relayLogs.id)];

/**
 * An estimated total kept true to what the pages show: while a next row exists the total reaches
 * past this page (Next stays enabled), and the last page makes it exact.
 */
function pagedTotal(total: LogTotal, page: { page: number; limit: number }, fetched: number): LogTotal {
  if (total.exact) return total;
  // An empty first page is an exact nothing; an empty later page only says the end is before it.
  if (fetched === 0) return page.page === 1 ? { totalItems: 0, exact: true } : total;
  const through = pageOffset(page.page, page.limit) + Math.min(fetched, page.limit);
  return fetched > page.limit
    ? { totalItems: Math.max(total.totalItems, through + 1), exact: false }
    : { totalItems: through, exact: true };
}

/** One page of logs, newest first, with the filter's total (estimated only for huge search results, and then says so). */
export async function findLogPage(
  db: Queryable,
  filter: LogFilter,
  page: { page: number; limit: number },
  propertyId?: string,
): Promise<{ logs: RelayLogDto[]; total: LogTotal }> {
  const criteria = await resolveCriteria(db, filter, propertyId);
  const search = criteria.search;
  let rows: RelayLogRow[];
  let total: LogTotal;
  if (search?.by === 'subjects') {
    const named = await subjectsPage(db, criteria, page, EXACT_SUBJECT_EVENTS);
    if (named.named <= EXACT_SUBJECT_EVENTS) {
      rows = named.rows;
      total = { totalItems: named.named, exact: true };
    } else {
      [rows, total] = await Promise.all([
        newestMatchesPage(db, criteria, page),
        estimatedTotal(db, filter, propertyId, criteria, EXACT_SUBJECT_EVENTS + 1),
      ]);
    }
  } else if (search?.by === 'event-text' && !search.indexed) {
    [rows, total] = await Promise.all([
      newestMatchesPage(db, criteria, page),
      logTotal(db, filter, propertyId, criteria),
    ]);
  } else {
    [rows, total] = await Promise.all([
      db
        .select()
        .from(relayLogs)
        .where(criteriaWhere(criteria))
        .orderBy(...newestFirst)
        .limit(page.limit + 1)
        .offset(pageOffset(page.page, page.limit)),
      logTotal(db, filter, propertyId, criteria),
    ]);
  }
  return { logs: rows.slice(0, page.limit).map(toRelayLogDto), total: pagedTotal(total, page, rows.length) };
}

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

/**
 * The user's own gate events and their visitors' arrivals, newest first; one extra row tells
 * hasMore. Each side is read newest first through its own index (actor, creator), then the two are
 * merged: asked as one OR, the planner walked every month's time index looking for the user.
 */
export async function findNotifications(
  db: Queryable,
  userId: string,
  page: { page: number; limit: number },
): Promise<{ logs: RelayLogDto[]; hasMore: boolean }> {
  const wanted = pageOffset(page.page, page.limit) + page.limit + 1;
  const newestOf = (column: AnyColumn) =>
    sql`(select "timestamp", id from ${relayLogs} where ${eq(column, userId)}
      order by "timestamp" desc, id desc limit ${wanted})`;
  const places = await db.execute(sql`
    select "timestamp"::text as at, id from (${newestOf(relayLogs.actorUserId)} union ${newestOf(relayLogs.creatorUserId)}) as mine
    order by "timestamp" desc, id desc limit ${page.limit + 1} offset ${pageOffset(page.page, page.limit)}`);
  const rows = await rowsAt(db, rowsOf<{ at: string; id: string }>(places));
  return { logs: rows.slice(0, page.limit).map(toRelayLogDto), hasMore: rows.length > page.limit };
}
