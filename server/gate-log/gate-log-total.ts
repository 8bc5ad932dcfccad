import type { LogFilter } from '@core/api/gate-log';
import { count, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { roughly } from '../platform/db/rough-total';
import { type CountQuery, countLogs } from './gate-log-count';
import { criteriaWhere, type LogCriteria } from './gate-log-criteria';
import { EXACT_SUBJECT_EVENTS, resolveCriteria } from './gate-log-search';
import { countSubjectEvents } from './gate-log-subject-events';
import { gateLogs } from './gate-log-tables';
import type { TextVia } from './gate-log-text-match';

/**
 * A search over at most this many events (the filter without its search) is counted exactly, from
 * the time or property-time index alone: a property's year, or a few weeks of every property.
 */
export const EXACT_SEARCH_BASE = 50_000;
/** A common term's matches are counted exactly over at most this many events (read row by row). */
export const EXACT_TEXT_BASE = 5_000;
/** Over a larger base, up to this many matches are still counted exactly; more are estimated. */
export const EXACT_SEARCH_MATCHES = 1_000;
/** Heap pages a sample reads to estimate a huge search result: about 8,000 events, enough for a term in 1 % of them (the common ones walked newest first). */
const SAMPLE_PAGES = 200;

/** A filter's total for pagination; `exact` is false when a huge search result was estimated. */
export interface LogTotal {
  totalItems: number;
  exact: boolean;
}

const totalOf = async (query: CountQuery) => Number((await query)[0].total);

/** Every match, tested on the search_text the covering indexes carry. */
export const exactSearchCount = (db: Queryable, criteria: LogCriteria): CountQuery =>
  db.select({ total: count() }).from(gateLogs).where(criteriaWhere(criteria, 'scan'));

/** Matches counted up to `cap` + 1: the planner stops early on common terms and uses trigrams on rare ones. */
export const cappedSearchCount = (
  db: Queryable,
  criteria: LogCriteria,
  cap: number,
  searchVia: TextVia = 'trigram',
): CountQuery =>
  db.select({ total: count() }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(gateLogs)
      .where(criteriaWhere(criteria, searchVia))
      .limit(cap + 1)
      .as('matches'),
  );

/**
 * The gate log's heap pages, summed over its month tables: the partitioned parent itself has no
 * storage, and taking its size for the log's made every sample read the whole log.
 */
const LOG_HEAP_PAGES = sql`(select coalesce(sum(pg_relation_size(relid)), 0) / current_setting('block_size')::int
  from pg_partition_tree('relay_logs'))`;

/** How many heap pages the gate log holds (what a sample's share is taken of). */
export async function logHeapPages(db: Queryable): Promise<number> {
  const [row] = await db.select({ pages: sql<string>`${LOG_HEAP_PAGES}` }).from(sql`(select 1) as one`);
  return Number(row.pages);
}

/** The share of a log of `logPages` heap pages the sample reads. */
const sampledShare = (logPages: number) => Math.min(1, SAMPLE_PAGES / Math.max(1, logPages));

/**
 * Matches and base events in a block sample of about SAMPLE_PAGES pages, its share of the log
 * given as a constant: computed in the query, the planner took it for a scan of the whole log and
 * started parallel workers for 200 pages (330 ms at 10M). REPEATABLE keeps the sample, so the
 * estimate stays the same from one page of results to the next.
 */
export const sampledSearchCount = (db: Queryable, criteria: LogCriteria, logPages: number) => {
  const percent = 100 * sampledShare(logPages);
  const sample = sql`${gateLogs} tablesample system (${sql.raw(percent.toFixed(6))}) repeatable (0)`;
  return db
    .select({
      hits: sql<string>`count(*) filter (where ${criteriaWhere(criteria, 'scan')})`,
      base: sql<string>`count(*) filter (where ${criteriaWhere({ ...criteria, needle: '' }) ?? sql`true`})`,
    })
    .from(sample);
};

async function estimate(
  db: Queryable,
  criteria: LogCriteria,
  base: number,
  atLeast: number,
  logPages?: number,
): Promise<number> {
  const [sampled] = await sampledSearchCount(db, criteria, logPages ?? (await logHeapPages(db)));
  const [hits, sampledBase] = [Number(sampled.hits), Number(sampled.base)];
  const scaled = hits && sampledBase ? roughly((base * hits) / sampledBase) : 0;
  return Math.max(atLeast, Math.min(base, scaled));
}

/** A search's total estimated from the sample, as "about N" and never below `atLeast`. */
export async function estimatedTotal(
  db: Queryable,
  filter: LogFilter,
  propertyId: string | undefined,
  criteria: LogCriteria,
  atLeast: number,
): Promise<LogTotal> {
  const base = await countLogs(db, { ...filter, search: undefined }, propertyId);
  return { totalItems: await estimate(db, criteria, base, atLeast), exact: false };
}

/** Matches a block sample must be expected to meet for its estimate to be taken over the months'. */
const TRUSTED_SAMPLE_MATCHES = 100;

/**
 * The total of a search naming more subjects than are counted, from its newest months' estimate
 * (monthsCountedTotal), or from the block sample where the estimate says the sample would meet
 * TRUSTED_SAMPLE_MATCHES of the matches: the newest months can hold more or fewer events per
 * subject than the rest (a resident who came daily until lately), the sample has no such bias, but
 * meets a term in a few thousand of ten million events not at all.
 */
export async function manySubjectsTotal(
  db: Queryable,
  filter: LogFilter,
  propertyId: string | undefined,
  criteria: LogCriteria,
  monthsEstimate: number,
): Promise<LogTotal> {
  const logPages = await logHeapPages(db);
  if (monthsEstimate * sampledShare(logPages) < TRUSTED_SAMPLE_MATCHES)
    return { totalItems: roughly(monthsEstimate), exact: false };
  const base = await countLogs(db, { ...filter, search: undefined }, propertyId);
  return { totalItems: await estimate(db, criteria, base, 0, logPages), exact: false };
}

/**
 * The total of a filter for its pagination, exact wherever counting is cheap: without a search
 * (daily counts), for a search naming few subjects (up to EXACT_SUBJECT_EVENTS of their events),
 * and for a search over at most EXACT_SEARCH_BASE events. Otherwise estimated from a sample, as
 * counting 100,000 matches means reading most of the log. `resolved`: the filter's criteria when
 * the caller has them already.
 */
export async function logTotal(
  db: Queryable,
  filter: LogFilter,
  propertyId?: string,
  resolved?: LogCriteria,
): Promise<LogTotal> {
  const criteria = resolved ?? (await resolveCriteria(db, filter, propertyId));
  if (!criteria.needle) return { totalItems: await countLogs(db, filter, propertyId), exact: true };
  if (criteria.search?.by === 'subjects') {
    const named = await countSubjectEvents(db, criteria, EXACT_SUBJECT_EVENTS);
    if (named <= EXACT_SUBJECT_EVENTS) return { totalItems: named, exact: true };
  }
  if (criteria.search?.by === 'subjects')
    return estimatedTotal(db, filter, propertyId, criteria, EXACT_SUBJECT_EVENTS + 1);
  const base = await countLogs(db, { ...filter, search: undefined }, propertyId);
  const indexed = criteria.search?.by === 'event-text' && criteria.search.indexed;
  // Each event's text is read from its row (the time indexes no longer carry it): cheap for a few
  // thousand events; a common term over more is estimated.
  if (base <= (indexed ? EXACT_SEARCH_BASE : EXACT_TEXT_BASE)) {
    return { totalItems: await totalOf(exactSearchCount(db, criteria)), exact: true };
  }
  // The page itself raises an estimate the sample missed (pagedTotal).
  if (!indexed) return { totalItems: await estimate(db, criteria, base, 0), exact: false };
  const capped = await totalOf(cappedSearchCount(db, criteria, EXACT_SEARCH_MATCHES));
  if (capped <= EXACT_SEARCH_MATCHES) return { totalItems: capped, exact: true };
  return { totalItems: await estimate(db, criteria, base, EXACT_SEARCH_MATCHES + 1), exact: false };
}

/**
 * How many logs a filter matches, exact up to `limit` + 1 (the export bound). When the page total
 * was estimated, the matches are counted on the time index alone until one past the limit, as
 * the trigram index would make PostgreSQL read every matching row first.
 */
export async function countLogsUpTo(
  db: Queryable,
  filter: LogFilter,
  limit: number,
  propertyId?: string,
): Promise<LogTotal> {
  const criteria = await resolveCriteria(db, filter, propertyId);
  const total = await logTotal(db, filter, propertyId, criteria);
  if (total.exact) return total;
  const capped = await totalOf(cappedSearchCount(db, criteria, limit, 'scan'));
  return { totalItems: capped, exact: capped <= limit };
}
