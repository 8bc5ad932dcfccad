/**
 * How a gate log search finds its events (docs/decisions/0059): the subjects it names first, then
 * their events month by month through the subject index; a term naming too many subjects is common
 * enough to be met soonest by walking the log newest first.
 */
import type { LogFilter } from '@core/api/relay-logs';
import { and, desc, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { pageOffset } from '../platform/db/paged-search';
import { rowsOf } from '../platform/db/rows';
import { relayLogs } from '../platform/db/schema';
import { criteriaOf, criteriaWhere, keyArray, type LogCriteria } from './relay-log-criteria';
import { matchingSubjects, type SubjectMatch, subjectsReady } from './relay-log-subjects';
import { textMatches } from './relay-log-text-match';

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

const byMonth = (found: SubjectMatch[]) => {
  const months = new Map<number, { month: Date; keys: string[] }>();
  for (const { month, key } of found) {
    const entry = months.get(month.getTime()) ?? { month, keys: [] };
    entry.keys.push(key);
    months.set(month.getTime(), entry);
  }
  return [...months.values()];
};

/** A filter resolved to instants and, for a search, to where it looks. */
export async function resolveCriteria(db: Queryable, filter: LogFilter, propertyId?: string): Promise<LogCriteria> {
  const criteria = criteriaOf(filter, propertyId);
  if (!criteria.needle) return criteria;
  if (!(await subjectsReady(db))) return { ...criteria, search: { by: 'event-text', indexed: true } };
  if (await isCommon(db, criteria)) return { ...criteria, search: { by: 'event-text', indexed: false } };
  const found = await matchingSubjects(db, criteria.needle, criteria, SUBJECT_LIMIT);
  if (found.length > SUBJECT_LIMIT) return { ...criteria, search: { by: 'event-text', indexed: false } };
  return { ...criteria, search: { by: 'subjects', months: byMonth(found) } };
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
      select search_text from ${relayLogs} where ${criteriaWhere({ ...criteria, needle: '' }) ?? sql`true`}
      order by "timestamp" desc limit ${PROBED_EVENTS}
    ) as newest`);
  const [{ seen, hits, texts }] = rowsOf<{ seen: number; hits: number; texts: number }>(result);
  return seen < PROBED_EVENTS || (hits >= COMMON_MATCHES && texts >= SPREAD_TEXTS);
}

const nextMonth = (month: Date) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
const later = (a: Date, b: Date | null) => (b && b > a ? b : a);
const earlier = (a: Date, b: Date | null) => (b && b < a ? b : a);

/**
 * The events a subjects search names, as one union: each month's keys are looked up in that
 * month's table only (a probe per key, not per key and month), with the filter's other conditions.
 */
function subjectEvents(criteria: LogCriteria, columns: SQL): SQL | null {
  if (criteria.search?.by !== 'subjects' || !criteria.search.months.length) return null;
  const parts = criteria.search.months.map(({ month, keys }) => {
    const within = {
      ...criteria,
      needle: '',
      from: later(month, criteria.from),
      to: earlier(nextMonth(month), criteria.to),
    };
    return sql`select ${columns} from ${relayLogs}
      where ${relayLogs.subjectKey} = any(${keyArray(keys)}) and ${criteriaWhere(within)}`;
  });
  return sql.join(parts, sql` union all `);
}

/** How many events a subjects search names, counted up to `cap` + 1. */
export async function countSubjectEvents(db: Queryable, criteria: LogCriteria, cap: number): Promise<number> {
  const events = subjectEvents(criteria, sql`1`);
  if (!events) return 0;
  const result = await db.execute(
    sql`select count(*)::int as total from (select 1 from (${events}) as named limit ${cap + 1}) as counted`,
  );
  return Number(rowsOf<{ total: number }>(result)[0].total);
}

type RelayLogRow = typeof relayLogs.$inferSelect;
/** An event's place in the log's order: its time (as text, microseconds kept) and id. */
interface Place {
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

/**
 * One page of a subjects search (with one row more, for Next), newest first, and how many events
 * the search names (counted up to `cap` + 1), in one pass over the subject index: every named
 * event's time and id (a few thousand at most) are counted and sorted, then the page's rows read.
 * Past `cap` no page is read: so many events are met sooner walking the log.
 */
export async function subjectsPage(
  db: Queryable,
  criteria: LogCriteria,
  page: { page: number; limit: number },
  cap: number,
): Promise<{ named: number; rows: RelayLogRow[] }> {
  const events = subjectEvents(criteria, sql`"timestamp", id`);
  if (!events) return { named: 0, rows: [] };
  const placed = rowsOf<Place & { named: number }>(
    await db.execute(sql`
      select "timestamp"::text as at, id, named from (
        select "timestamp", id, count(*) over () as named
        from (select "timestamp", id from (${events}) as all_named limit ${cap + 1}) as capped
      ) as counted
      order by "timestamp" desc, id desc limit ${page.limit + 1} offset ${pageOffset(page.page, page.limit)}`),
  );
  // A page past the last has no row to tell the count.
  const named = placed.length ? Number(placed[0].named) : await countSubjectEvents(db, criteria, cap);
  if (named > cap) return { named, rows: [] };
  return { named, rows: await rowsAt(db, placed) };
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
): Promise<RelayLogRow[]> {
  const wanted = pageOffset(page.page, page.limit) + page.limit + 1;
  const rest = criteriaWhere({ ...criteria, needle: '' });
  const matches = criteriaWhere({ from: null, to: null, needle: criteria.needle, search: criteria.search }, 'scan');
  const found: Place[] = [];
  let after: Place | null = null;
  for (let stretch = WALK_FIRST; found.length < wanted; stretch = Math.min(stretch * 2, WALK_MAX)) {
    const before: SQL | undefined = after
      ? sql`(${relayLogs.timestamp}, ${relayLogs.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined;
    type Read = Place & { hit: boolean; seen: number; last: boolean };
    const read: Read[] = rowsOf<Read>(
      await db.execute(sql`
        select at, id, hit, seen, last from (
          select "timestamp"::text as at, id, hit, count(*) over () as seen,
            row_number() over () = count(*) over () as last
          from (
            select "timestamp", id, ${matches} as hit from ${relayLogs}
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
