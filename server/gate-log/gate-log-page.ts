import type { GateLogDto, LogFilter } from '@core/api/gate-log';
import type { Queryable } from '../platform/db/connect';
import { pageOffset } from '../platform/db/paged-search';
import { criteriaWhere, type LogCriteria } from './gate-log-criteria';
import type { GateLogRow } from './gate-log-places';
import { newestFirst, toGateLogDto } from './gate-log-queries';
import { EXACT_SUBJECT_EVENTS, newestMatchesPage, resolveCriteria } from './gate-log-search';
import {
  COUNTED_SUBJECTS,
  monthsCountedTotal,
  newestSubjectsPage,
  subjectCount,
  subjectsPage,
} from './gate-log-subject-events';
import { gateLogs } from './gate-log-tables';
import { estimatedTotal, type LogTotal, logTotal, manySubjectsTotal } from './gate-log-total';

/**
 * An estimated total kept true to what the pages show: while a next row exists the total reaches
 * past this page (Next stays enabled), and the last page makes it exact.
 */
function pagedTotal(total: LogTotal, page: PageAsked, fetched: number): LogTotal {
  if (total.exact) return total;
  // An empty first page is an exact nothing; an empty later page only says the end is before it.
  if (fetched === 0) return page.page === 1 ? { totalItems: 0, exact: true } : total;
  const through = pageOffset(page.page, page.limit) + Math.min(fetched, page.limit);
  return fetched > page.limit
    ? { totalItems: Math.max(total.totalItems, through + 1), exact: false }
    : { totalItems: through, exact: true };
}

type PageAsked = { page: number; limit: number };
/** What one way of searching found: the page's rows (one past it when there are more) and the total. */
type Found = Promise<[GateLogRow[], LogTotal]>;
interface PageQuery {
  db: Queryable;
  filter: LogFilter;
  page: PageAsked;
  propertyId?: string;
  criteria: LogCriteria;
}

/** Met walking the log newest first, and estimated from a sample of it. */
const walkedPage = ({ db, filter, page, propertyId, criteria }: PageQuery): Found =>
  Promise.all([
    newestMatchesPage(db, criteria, page),
    estimatedTotal(db, filter, propertyId, criteria, EXACT_SUBJECT_EVENTS + 1),
  ]);

/**
 * A search naming more subjects than are counted: counting every subject's events would probe each,
 * so the newest months tell how many there are. The page is read beside the count, and set aside
 * when there are so many that walking is sooner.
 */
async function manySubjectsPage(query: PageQuery): Found {
  const { db, filter, page, propertyId, criteria } = query;
  const [named, newest] = await Promise.all([
    monthsCountedTotal(db, criteria, EXACT_SUBJECT_EVENTS),
    newestSubjectsPage(db, criteria, page),
  ]);
  if (named.capped) return walkedPage(query);
  const rows = named.events > EXACT_SUBJECT_EVENTS ? await newestMatchesPage(db, criteria, page) : newest;
  const total = named.exact
    ? { totalItems: named.events, exact: true }
    : await manySubjectsTotal(db, filter, propertyId, criteria, named.events);
  return [rows, total];
}

/** A search naming few subjects: their events are read and counted exactly, unless there are too many. */
async function fewSubjectsPage(query: PageQuery): Found {
  const named = await subjectsPage(query.db, query.criteria, query.page, EXACT_SUBJECT_EVENTS);
  if (named.named > EXACT_SUBJECT_EVENTS) return walkedPage(query);
  return [named.rows, { totalItems: named.named, exact: true }];
}

/** Met walking the log newest first, and counted (exactly while that is cheap). */
const unindexedTextPage = ({ db, filter, page, propertyId, criteria }: PageQuery): Found =>
  Promise.all([newestMatchesPage(db, criteria, page), logTotal(db, filter, propertyId, criteria)]);

/** Filters an index answers, or no filter: read by offset, and counted. */
const filteredPage = ({ db, filter, page, propertyId, criteria }: PageQuery): Found =>
  Promise.all([
    db
      .select()
      .from(gateLogs)
      .where(criteriaWhere(criteria))
      .orderBy(...newestFirst)
      .limit(page.limit + 1)
      .offset(pageOffset(page.page, page.limit)),
    logTotal(db, filter, propertyId, criteria),
  ]);

/** How a filter's page is read and counted, by the way its search finds what it names. */
function pageQueryFor(criteria: LogCriteria): (query: PageQuery) => Found {
  const search = criteria.search;
  if (search?.by === 'subjects') return subjectCount(criteria) > COUNTED_SUBJECTS ? manySubjectsPage : fewSubjectsPage;
  if (search?.by === 'event-text' && !search.indexed) return unindexedTextPage;
  return filteredPage;
}

/** One page of logs, newest first, with the filter's total (estimated only for huge search results, and then says so). */
export async function findLogPage(
  db: Queryable,
  filter: LogFilter,
  page: PageAsked,
  propertyId?: string,
): Promise<{ logs: GateLogDto[]; total: LogTotal }> {
  const criteria = await resolveCriteria(db, filter, propertyId);
  const [rows, total] = await pageQueryFor(criteria)({ db, filter, page, propertyId, criteria });
  return { logs: rows.slice(0, page.limit).map(toGateLogDto), total: pagedTotal(total, page, rows.length) };
}
