/**
 * The gate log's subjects (docs/decisions/0059): each distinct search text once per UTC month, so a
 * search reads the texts people, visitors and passes have (thousands to a million) instead of one
 * copy per event (tens of millions). Events carry their subject's key; the functions
 * relay_log_subject_key and relay_log_subject_month (migration 0038) are the one definition of both.
 */
import { and, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { gateLogSubjects } from './gate-log-tables';
import { textMatches } from './gate-log-text-match';

/** A row's subject key, from its search_text. */
export const SUBJECT_KEY = sql.raw('relay_log_subject_key(search_text)');

/**
 * Adds the subjects of `rows` (a relation with "timestamp" and search_text) that are not there yet.
 * Ordered by key, so two batches adding the same new subjects take their locks in one order.
 */
export const recordSubjects = (rows: SQL): SQL => sql`
  insert into relay_log_subjects (month, key, search_text)
  select distinct relay_log_subject_month("timestamp"), ${SUBJECT_KEY}, search_text from ${rows}
  order by 1, 2
  on conflict do nothing`;

/** A month's subjects a search names, by key. */
export interface MonthSubjects {
  month: Date;
  keys: string[];
}

/**
 * The subjects a search term names, by month: at most `limit` + 1 (more says "too many"). Grouped
 * in the query, as one row per subject cost more to hand over than to find (7,047: 15 ms of 45).
 */
export async function matchingSubjects(
  db: Queryable,
  needle: string,
  range: { from: Date | null; to: Date | null },
  limit: number,
): Promise<MonthSubjects[]> {
  const inRange = and(
    textMatches(gateLogSubjects.searchText, needle),
    // A month overlaps [from, to) when it starts before `to` and ends after `from`.
    range.from
      ? gte(gateLogSubjects.month, sql`relay_log_subject_month(${range.from.toISOString()}::timestamptz)`)
      : undefined,
    range.to ? lt(gateLogSubjects.month, range.to) : undefined,
  );
  const result = await db.execute(sql`
    select to_char(month at time zone 'UTC', 'YYYY-MM-DD') as month, string_agg(key::text, ',') as keys
    from (select month, key from ${gateLogSubjects} where ${inRange} limit ${limit + 1}) as found
    group by month`);
  return rowsOf<{ month: string; keys: string }>(result).map((row) => ({
    month: new Date(`${row.month}T00:00:00Z`),
    keys: row.keys.split(','),
  }));
}

/** An event a statement deleted or rewrote: its time (as text, microseconds kept) and old subject. */
export interface FormerSubject {
  at: string;
  key: string | null;
}

/** What a deleting or rewriting statement returns for pruneSubjects. */
export const FORMER_SUBJECT = sql.raw(`"timestamp"::text as at, subject_key::text as key`);

/**
 * Deletes the subjects of `former` events that no event of their month names any more, so a name
 * leaves the log's search with its last event. Run after the statement that removed them (in the
 * same transaction), which a statement of its own would not yet see.
 */
export async function pruneSubjects(db: Queryable, former: FormerSubject[]) {
  const keyed = former.filter((event) => event.key !== null);
  if (!keyed.length) return;
  const ats = `{${keyed.map((event) => `"${event.at}"`).join(',')}}`;
  const keys = `{${keyed.map((event) => event.key).join(',')}}`;
  await db.execute(sql`
    delete from relay_log_subjects s
    using (
      select distinct relay_log_subject_month(at) as month, key
      from unnest(${ats}::timestamptz[], ${keys}::bigint[]) as former(at, key)
    ) c
    where s.month = c.month and s.key = c.key
      and not exists (
        select 1 from relay_logs r
        where r.subject_key = c.key and r."timestamp" >= c.month and r."timestamp" < c.month + interval '1 month'
      )`);
}

/** Deletes a dropped month's subjects (its events went with its table, without a row trigger). */
export async function dropMonthSubjects(db: Queryable, month: { from: Date; to: Date }) {
  await db
    .delete(gateLogSubjects)
    .where(and(gte(gateLogSubjects.month, month.from), lt(gateLogSubjects.month, month.to)));
}

/** Once true it stays true: only an upgrade in progress has the old index. */
const ready = new WeakSet<Queryable>();

/**
 * Whether every event has its subject and subject indexes: true once the old trigram index on the
 * events is gone (migration 0038 on an empty log, or the upkeep after it keyed every month).
 */
export async function subjectsReady(db: Queryable): Promise<boolean> {
  if (ready.has(db)) return true;
  const result = await db.execute(sql`select to_regclass('relay_logs_search_trgm_idx') is null as ready`);
  const isReady = Boolean(rowsOf<{ ready: boolean }>(result)[0]?.ready);
  if (isReady) ready.add(db);
  return isReady;
}
