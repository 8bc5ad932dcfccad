/**
 * How a gate log search finds its events (docs/decisions/0059): the subjects it names first, then
 * their events month by month through the subject index; a term naming too many subjects is common
 * enough to be met soonest by walking the log newest first.
 */
import type { LogFilter } from '@core/api/gate-log';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { pageOffset } from '../platform/db/paged-search';
import { rowsOf } from '../platform/db/rows';
import { criteriaOf, criteriaWhere, type LogCriteria } from './gate-log-criteria';
import { type GateLogRow, type Place, rowsAt } from './gate-log-places';
import { subjectCount } from './gate-log-subject-events';
import { matchingSubjects, subjectsReady } from './gate-log-subjects';
import { gateLogs } from './gate-log-tables';
import { textMatches } from './gate-log-text-match';

/**
 * Subjects a search may name and still be read subject by subject (a probe each: 7,000 took 80 ms
 * at 10M, with an exact total); past this it walks the log newest first, where the matches are
 * many, and estimates (a rare term of 7,000 subjects walked so was estimated at nothing).
 */
export const SUBJECT_LIMIT = 10_000;
/** A subjects search's events are counted exactly up to this many; past it, estimated. */
export const EXACT_SUBJECT_EVENTS = 10_000;
/** The newest events of a filter a search first looks through, to tell a common term from a rare one. */
export const PROBED_EVENTS = 2_000;
/**
 * A term is common when it matches at least COMMON_MATCHES of them (1 %) in at least SPREAD_TEXTS
 * different texts: the log walked newest first fills a page within a few thousand events, where
 * its subjects would be tens of thousands (a surname in every visitor's text that names its host).
 * Matches in a few texts (a resident who comes and goes daily) are few subjects, counted exactly.
 */
export const COMMON_MATCHES = 20;
export const SPREAD_TEXTS = 10;

/** A filter resolved to instants and, for a search, to where it looks. */
export async function resolveCriteria(db: Queryable, filter: LogFilter, propertyId?: string): Promise<LogCriteria> {
  const criteria = criteriaOf(filter, propertyId);
  if (!criteria.needle) return criteria;
  if (!(await subjectsReady(db))) return { ...criteria, search: { by: 'event-text', indexed: true } };
  if (await isCommon(db, criteria)) return { ...criteria, search: { by: 'event-text', indexed: false } };
  const months = await matchingSubjects(db, criteria.needle, criteria, SUBJECT_LIMIT);
  const resolved: LogCriteria = { ...criteria, search: { by: 'subjects', months } };
  if (subjectCount(resolved) > SUBJECT_LIMIT) return { ...criteria, search: { by: 'event-text', indexed: false } };
  return resolved;
}

/**
 * Whether a term is common and spread among the filter's newest events, or the filter holds so
 * few events that walking them all is cheaper than any index.
 */
async function isCommon(db: Queryable, criteria: LogCriteria): Promise<boolean> {
  const match = textMatches(sql`search_text`, criteria.needle, 'scan');
  const result = await db.execute(sql`
    select count(*)::int as seen, count(*) filter (where ${match})::int as hits,
      count(distinct search_text) filter (where ${match})::int as texts
    from (
      select search_text from ${gateLogs} where ${criteriaWhere({ ...criteria, needle: '' }) ?? sql`true`}
      order by "timestamp" desc limit ${PROBED_EVENTS}
    ) as newest`);
  const [{ seen, hits, texts }] = rowsOf<{ seen: number; hits: number; texts: number }>(result);
  return seen < PROBED_EVENTS || (hits >= COMMON_MATCHES && texts >= SPREAD_TEXTS);
}

/** The first stretch of the log a walk reads; each next one is twice as long, up to WALK_MAX. */
const WALK_FIRST = 2_000;
const WALK_MAX = 64_000;

/**
 * One page of a search (with one row more, for Next) met by walking the filter's events newest
 * first, in stretches read through the time or property-time index and tested row by row. The
 * planner, left to itself, takes every event of a property and sorts them, as it cannot know a
 * term is common; the stretches keep it on the index.
 */
export async function newestMatchesPage(
  db: Queryable,
  criteria: LogCriteria,
  page: { page: number; limit: number },
): Promise<GateLogRow[]> {
  const wanted = pageOffset(page.page, page.limit) + page.limit + 1;
  const rest = criteriaWhere({ ...criteria, needle: '' });
  const matches = criteriaWhere({ from: null, to: null, needle: criteria.needle, search: criteria.search }, 'scan');
  const found: Place[] = [];
  let after: Place | null = null;
  for (let stretch = WALK_FIRST; found.length < wanted; stretch = Math.min(stretch * 2, WALK_MAX)) {
    const before: SQL | undefined = after
      ? sql`(${gateLogs.timestamp}, ${gateLogs.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined;
    type Read = Place & { hit: boolean; seen: number; last: boolean };
    const read: Read[] = rowsOf<Read>(
      await db.execute(sql`
        select at, id, hit, seen, last from (
          select "timestamp"::text as at, id, hit, count(*) over () as seen,
            row_number() over () = count(*) over () as last
          from (
            select "timestamp", id, ${matches} as hit from ${gateLogs}
            where ${and(rest, before) ?? sql`true`}
            order by "timestamp" desc, id desc limit ${stretch}
          ) newest
        ) marked
        where hit or last`),
    );
    found.push(...read.filter((row) => row.hit).map(({ at, id }) => ({ at, id })));
    const last: Read | undefined = read.find((row) => row.last);
    // A stretch shorter than asked for reached the oldest event.
    if (!last || Number(last.seen) < stretch) break;
    after = { at: last.at, id: last.id };
  }
  return rowsAt(db, found.slice(pageOffset(page.page, page.limit), wanted));
}
