/**
 * The events a subjects search names (docs/decisions/0059), read month by month through the
 * subject index: counted and paged in one pass when the subjects are few, paged newest month first
 * and estimated from the newest months when each subject's probe would add up.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { pageOffset } from '../platform/db/paged-search';
import { rowsOf } from '../platform/db/rows';
import { criteriaWhere, keyArray, type LogCriteria } from './gate-log-criteria';
import { type GateLogRow, type Place, rowsAt } from './gate-log-places';
import type { MonthSubjects } from './gate-log-subjects';
import { gateLogs } from './gate-log-tables';

/**
 * Subjects a search's events are counted through, a probe of the subject index each (7,047 took
 * 45 ms at 10M events); past it, SAMPLED_SUBJECTS of the newest months' subjects are counted and
 * the total is estimated from them.
 */
export const COUNTED_SUBJECTS = 1_000;
export const SAMPLED_SUBJECTS = 500;

const monthsOf = (criteria: LogCriteria): MonthSubjects[] =>
  criteria.search?.by === 'subjects' ? criteria.search.months : [];

/** How many subjects a search names. */
export const subjectCount = (criteria: LogCriteria) =>
  monthsOf(criteria).reduce((sum, month) => sum + month.keys.length, 0);

const nextMonth = (month: Date) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
const later = (a: Date, b: Date | null) => (b && b > a ? b : a);
const earlier = (a: Date, b: Date | null) => (b && b < a ? b : a);

/**
 * One month's named events: its keys looked up in that month's table only (a probe per key, not
 * per key and month), with the filter's other conditions. The month's bounds as constants let the
 * planner leave every other month's table out.
 */
function monthEvents(criteria: LogCriteria, { month, keys }: MonthSubjects, columns: SQL): SQL {
  const within = {
    ...criteria,
    needle: '',
    from: later(month, criteria.from),
    to: earlier(nextMonth(month), criteria.to),
  };
  // As a join to the key list: planned as `= any(keys)`, each key's selectivity was estimated, and
  // planning thousands of keys took longer than probing them.
  return sql`select ${columns} from ${gateLogs}
    where ${gateLogs.subjectKey} in (select unnest(${keyArray(keys)})) and ${criteriaWhere(within)}`;
}

/** Every month's named events as one union. */
function subjectEvents(criteria: LogCriteria, months: MonthSubjects[], columns: SQL): SQL | null {
  if (!months.length) return null;
  return sql.join(
    months.map((month) => monthEvents(criteria, month, columns)),
    sql` union all `,
  );
}

async function countEvents(db: Queryable, criteria: LogCriteria, months: MonthSubjects[], cap: number) {
  const events = subjectEvents(criteria, months, sql`1`);
  if (!events) return 0;
  const result = await db.execute(
    sql`select count(*)::int as total from (select 1 from (${events}) as named limit ${cap + 1}) as counted`,
  );
  return Number(rowsOf<{ total: number }>(result)[0].total);
}

/** How many events a subjects search names, counted up to `cap` + 1. */
export const countSubjectEvents = (db: Queryable, criteria: LogCriteria, cap: number) =>
  countEvents(db, criteria, monthsOf(criteria), cap);

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
): Promise<{ named: number; rows: GateLogRow[] }> {
  const events = subjectEvents(criteria, monthsOf(criteria), sql`"timestamp", id`);
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

/**
 * One page of a subjects search (with one row more, for Next) read newest month first, each month
 * only for the places still wanted: a first page is met in the newest month or two, where reading
 * every month's subjects would probe them all.
 */
export async function newestSubjectsPage(
  db: Queryable,
  criteria: LogCriteria,
  page: { page: number; limit: number },
): Promise<GateLogRow[]> {
  const wanted = pageOffset(page.page, page.limit) + page.limit + 1;
  const newestFirst = [...monthsOf(criteria)].sort((a, b) => b.month.getTime() - a.month.getTime());
  const found: Place[] = [];
  for (const month of newestFirst) {
    const places = await db.execute(sql`
      select "timestamp"::text as at, id from (${monthEvents(criteria, month, sql`"timestamp", id`)}) as named
      order by "timestamp" desc, id desc limit ${wanted - found.length}`);
    found.push(...rowsOf<Place>(places));
    if (found.length >= wanted) break;
  }
  return rowsAt(db, found.slice(pageOffset(page.page, page.limit), wanted));
}

/** `count` of `keys`, spread evenly over them in key order (the same ones on every page of results). */
const evenly = (keys: string[], count: number) => {
  const sorted = [...keys].sort();
  return Array.from({ length: count }, (_, i) => sorted[Math.floor((i * sorted.length) / count)]);
};

/**
 * How many events a search's subjects name: its newest months are counted, whole while they fit in
 * SAMPLED_SUBJECTS probes, and the rest are taken to name as many events per subject (exact when
 * every subject was counted). Months rather
 * than a scattering of all subjects: a resident's own texts recur month after month, each with many
 * events, among a crowd of visitors' texts with one, and a month holds both in their share.
 * Counting stops past `cap` events (`capped`: the total is more than `events`).
 */
export async function monthsCountedTotal(
  db: Queryable,
  criteria: LogCriteria,
  cap: number,
): Promise<{ events: number; exact: boolean; capped: boolean }> {
  const newestFirst = [...monthsOf(criteria)].sort((a, b) => b.month.getTime() - a.month.getTime());
  const counted: MonthSubjects[] = [];
  let probed = 0;
  for (const month of newestFirst) {
    if (probed + month.keys.length > SAMPLED_SUBJECTS) break;
    counted.push(month);
    probed += month.keys.length;
  }
  // A newest month too large to count whole is counted through an even share of its subjects; an
  // older one is left out, as a small share of it could miss its few residents' texts altogether.
  if (!counted.length && newestFirst.length) {
    counted.push({ ...newestFirst[0], keys: evenly(newestFirst[0].keys, SAMPLED_SUBJECTS) });
    probed = SAMPLED_SUBJECTS;
  }
  const events = await countEvents(db, criteria, counted, cap);
  if (events > cap) return { events, exact: false, capped: true };
  const all = subjectCount(criteria);
  if (probed === all) return { events, exact: true, capped: false };
  return { events: Math.round((events * all) / probed), exact: false, capped: false };
}
