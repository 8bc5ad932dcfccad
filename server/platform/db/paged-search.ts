import type { Pagination } from '@core/api/dashboard';
import { type AnyColumn, count, desc, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './connect';
import { roughly } from './rough-total';

/** An ILIKE pattern finding `text` anywhere, its wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A LIKE pattern matching the term anywhere (lowercased, as search_text is), with its own wildcards taken literally. */
export function containsPattern(term: string): string {
  return containing(term.toLowerCase());
}

/** On the stored search_text column (name and email, lowercased), which the trigram index covers. */
export function searchCondition(searchText: AnyColumn, term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  return sql`${searchText} like ${containsPattern(term)}`;
}

export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}

/** One page of a newest-first list: its number, and where it starts when the client has the cursor. */
export interface ListPage {
  page: number;
  limit: number;
  /** pagination.nextCursor of the page before (core LIST_CURSOR): creation time and id of its last row. */
  cursor?: string;
}

/**
 * Newest first, by (created_at, id), which an index of each list carries. With a cursor the page
 * starts below the last row of the page before (keyset): page 1,000 reads 31 index entries, not
 * 30,000 skipped by OFFSET. Without one (a page typed or linked), the offset of its number.
 */
export function newestFirst(createdAt: AnyColumn, id: AnyColumn, page: ListPage) {
  const [at, lastId] = page.cursor?.split('~') ?? [];
  return {
    after: page.cursor ? sql`(${createdAt}, ${id}) < (${at}::timestamptz, ${lastId}::uuid)` : undefined,
    orderBy: [desc(createdAt), desc(id)],
    offset: page.cursor ? 0 : pageOffset(page.page, page.limit),
    cursor: sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '~' || ${id}`,
  };
}

/** Up to this many rows a list without a search is counted exactly (an index-only scan, about 1 ms). */
export const EXACT_LIST_TOTAL = 10_000;
/**
 * Up to this many matches of a search are counted exactly. Past it the trigram index has to list
 * every match before the count can stop (20 ms for 10,000 of a million), so the total is sampled.
 */
export const EXACT_SEARCH_TOTAL = 1_000;
/** Heap pages a sample reads to estimate a broad search (about 2 ms; the whole table when smaller). */
const SAMPLE_PAGES = 250;
/** Fewer matches in the sample than this estimate too loosely; the capped count decides instead. */
const MIN_SAMPLE_HITS = 20;

/** A list's total; `exact` is false when it was estimated (the screen shows "about N"). */
export interface ListTotal {
  total: number;
  exact: boolean;
}

export function paginationOf({ total, exact }: ListTotal, limit: number, nextCursor: string | null): Pagination {
  return { totalItems: total, totalPages: Math.ceil(total / limit), totalExact: exact, nextCursor };
}

/**
 * The page query and the queries a list's total may take, built but not run (the benchmark
 * EXPLAINs them). `where` is the filter without the cursor: the total is of the whole list.
 */
export function listQueries<Page>(
  db: Queryable,
  table: PgTable,
  where: SQL | undefined,
  searched: boolean,
  page: Page,
) {
  const cappedCount = (cap: number) =>
    db.select({ total: count() }).from(
      db
        .select({ one: sql`1`.as('one') })
        .from(table)
        .where(where)
        .limit(cap + 1)
        .as('matches'),
    );
  const name = getTableName(table);
  const percent = sql`least(100, 100.0 * ${SAMPLE_PAGES} / greatest(1, pg_relation_size(${name}::regclass) / current_setting('block_size')::int))`;
  // REPEATABLE keeps the same pages, so the estimate stays put from one page of results to the next.
  // The share of matches among the rows sampled, times the table's rows as last analysed.
  const sample = () =>
    db
      .select({
        hits: count(sql`case when ${where ?? sql`true`} then 1 end`),
        seen: count(),
        percent: sql<string>`${percent}`,
        tableRows: sql<string>`(select reltuples from pg_class where oid = ${name}::regclass)`,
      })
      .from(sql`${table} tablesample system (${percent}) repeatable (0)`);
  const planned = async () =>
    plannedRows(
      await db.execute(sql`explain (format json) select 1 from ${table} ${where ? sql`where ${where}` : sql``}`),
    );
  return { page, cappedCount, planned, sample, searched };
}

type ListQueries<Row> = ReturnType<typeof listQueries<Promise<Row[]>>>;

/** The planner's row estimate from an EXPLAIN (FORMAT JSON) answer, on PostgreSQL and PGlite alike. */
function plannedRows(answer: unknown): number {
  const rows = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as Record<string, unknown>[];
  const cell = Object.values(rows[0])[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0].Plan['Plan Rows']);
}

const countOf = async (query: Promise<{ total: number }[]>) => Number((await query)[0].total);

/**
 * A search's total: counted when the planner expects few matches (the trigram index then lists
 * them quickly); otherwise from a block sample, and counted after all when the sample finds too
 * few to trust (the planner overestimated). Never a count of thousands of trigram matches.
 */
async function searchTotal(queries: ListQueries<unknown>, planned: number): Promise<ListTotal> {
  if (planned <= EXACT_SEARCH_TOTAL) {
    const counted = await countOf(queries.cappedCount(EXACT_SEARCH_TOTAL));
    if (counted <= EXACT_SEARCH_TOTAL) return { total: counted, exact: true };
  }
  const [sampled] = await queries.sample();
  const [hits, seen, percent, tableRows] = [sampled.hits, sampled.seen, sampled.percent, sampled.tableRows].map(Number);
  if (percent >= 100) return { total: hits, exact: true };
  // Never analysed (a new table): reltuples is -1, and the sampled share of pages scales instead.
  const scaled = tableRows > 0 && seen > 0 ? (hits / seen) * tableRows : (hits * 100) / percent;
  if ((hits < MIN_SAMPLE_HITS || scaled <= 2 * EXACT_SEARCH_TOTAL) && planned > EXACT_SEARCH_TOTAL) {
    const counted = await countOf(queries.cappedCount(EXACT_SEARCH_TOTAL));
    if (counted <= EXACT_SEARCH_TOTAL) return { total: counted, exact: true };
  }
  return { total: Math.max(scaled, EXACT_SEARCH_TOTAL + 1), exact: false };
}

/**
 * A list's total when this page is not its last: exact where that is cheap, else an estimate.
 * `first` is what was asked beside the page: a search's planner estimate, or the capped count.
 */
async function listTotal(queries: ListQueries<unknown>, through: number, first: number): Promise<ListTotal> {
  const found = queries.searched
    ? await searchTotal(queries, first)
    : first <= EXACT_LIST_TOTAL
      ? { total: first, exact: true }
      : { total: Math.max(await queries.planned(), EXACT_LIST_TOTAL + 1), exact: false };
  if (found.exact) return found;
  // Kept at least one past this page, so Next stays enabled.
  return { total: Math.max(roughly(found.total), roughly(through + 1, Math.ceil)), exact: false };
}

/**
 * One page of a list and its total. The page query reads one row past the page, which tells
 * whether this page is the last (then the total is known without counting) and gives the cursor
 * of the next page. The first step of the total goes beside it, a round trip fewer.
 */
export async function runListQueries<Row extends { cursor: string }>(
  queries: ListQueries<Row>,
  page: ListPage,
): Promise<{ total: ListTotal; rows: Row[]; nextCursor: string | null }> {
  const [fetched, first] = await Promise.all([
    queries.page,
    queries.searched ? queries.planned() : countOf(queries.cappedCount(EXACT_LIST_TOTAL)),
  ]);
  const rows = fetched.slice(0, page.limit);
  const nextCursor = fetched.length > page.limit ? rows[rows.length - 1].cursor : null;
  const through = pageOffset(page.page, page.limit) + rows.length;
  const last = fetched.length <= page.limit && (rows.length > 0 || page.page === 1);
  const total = last ? { total: through, exact: true } : await listTotal(queries, through, first);
  return { total, rows, nextCursor };
}
