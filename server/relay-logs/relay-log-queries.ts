import type { LogFilter, RelayLogDto } from '@core/api/relay-logs';
import { MAX_EXPORT_ROWS } from '@core/constants';
import { type AnyColumn, and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { pageOffset } from '../platform/db/paged-search';
import { rowsOf } from '../platform/db/rows';
import { relayLogs } from '../platform/db/schema';
import { criteriaWhere } from './relay-log-criteria';
import { type RelayLogRow, rowsAt } from './relay-log-places';
import { EXACT_SUBJECT_EVENTS, newestMatchesPage, resolveCriteria } from './relay-log-search';
import {
  COUNTED_SUBJECTS,
  monthsCountedTotal,
  newestSubjectsPage,
  subjectCount,
  subjectsPage,
} from './relay-log-subject-events';
import { estimatedTotal, type LogTotal, logTotal, manySubjectsTotal } from './relay-log-total';

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
  // Met walking the log newest first, and estimated from a sample of it.
  const manyNamed = () =>
    Promise.all([
      newestMatchesPage(db, criteria, page),
      estimatedTotal(db, filter, propertyId, criteria, EXACT_SUBJECT_EVENTS + 1),
    ]);
  if (search?.by === 'subjects' && subjectCount(criteria) > COUNTED_SUBJECTS) {
    // Counting every subject's events would probe each; the newest months tell how many there are.
    // The page is read beside the count, and set aside when there are so many that walking is sooner.
    const [named, newest] = await Promise.all([
      monthsCountedTotal(db, criteria, EXACT_SUBJECT_EVENTS),
      newestSubjectsPage(db, criteria, page),
    ]);
    if (named.capped) [rows, total] = await manyNamed();
    else {
      rows = named.events > EXACT_SUBJECT_EVENTS ? await newestMatchesPage(db, criteria, page) : newest;
      total = named.exact
        ? { totalItems: named.events, exact: true }
        : await manySubjectsTotal(db, filter, propertyId, criteria, named.events);
    }
  } else if (search?.by === 'subjects') {
    const named = await subjectsPage(db, criteria, page, EXACT_SUBJECT_EVENTS);
    if (named.named <= EXACT_SUBJECT_EVENTS) {
      rows = named.rows;
      total = { totalItems: named.named, exact: true };
    } else [rows, total] = await manyNamed();
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
