import type { Pagination } from '@core/api/dashboard';
import { type AnyColumn, count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './connect';

/** A LIKE pattern matching the term anywhere, with its own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** On the stored search_text column (name and email, lowercased), which the trigram index covers. */
export function searchCondition(searchText: AnyColumn, term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  return sql`${searchText} like ${containsPattern(term)}`;
}

export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}

/**
 * Up to this many matches a list's total is counted exactly; past it, counting every match of a
 * broad search ("example", two letters) reads most of a million rows, so the total is estimated.
 */
export const EXACT_LIST_TOTAL = 10_000;

/** A list's total; `exact` is false when it was estimated (the screen shows "about N"). */
export interface ListTotal {
  total: number;
  exact: boolean;
}

export function paginationOf({ total, exact }: ListTotal, limit: number): Pagination {
  return { totalItems: total, totalPages: Math.ceil(total / limit), totalExact: exact };
}

/** The count and page queries of one list request, built but not run (the benchmark EXPLAINs them). */
export function listQueries<Page>(db: Queryable, table: PgTable, where: SQL | undefined, page: Page) {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(EXACT_LIST_TOTAL + 1)
    .as('matches');
  const planned = async () => {
    const plan = await db.execute(
      sql`explain (format json) select 1 from ${table} ${where ? sql`where ${where}` : sql``}`,
    );
    return plannedRows(plan);
  };
  return { count: db.select({ total: count() }).from(matches), planned, page };
}

/** The planner's row estimate from an EXPLAIN (FORMAT JSON) answer, on PostgreSQL and PGlite alike. */
function plannedRows(answer: unknown): number {
  const rows = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as Record<string, unknown>[];
  const cell = Object.values(rows[0])[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(plan[0].Plan['Plan Rows']);
}

/**
 * The total matching rows and one page of them, queried side by side; the page query reads one
 * row past the page, which tells whether this page is the last. The total is exact up to
 * EXACT_LIST_TOTAL and on the last page; otherwise the planner's estimate, kept at least one past
 * this page so Next stays enabled.
 */
export async function runListQueries<Row>(
  queries: { count: Promise<{ total: number }[]>; planned: () => Promise<number>; page: Promise<Row[]> },
  page: { page: number; limit: number },
): Promise<{ total: ListTotal; rows: Row[] }> {
  const [[{ total }], fetched] = await Promise.all([queries.count, queries.page]);
  const rows = fetched.slice(0, page.limit);
  if (total <= EXACT_LIST_TOTAL) return { total: { total, exact: true }, rows };
  const through = pageOffset(page.page, page.limit) + rows.length;
  if (rows.length > 0 && fetched.length <= page.limit) return { total: { total: through, exact: true }, rows };
  const estimate = Math.max(await queries.planned(), EXACT_LIST_TOTAL + 1, through + 1);
  return { total: { total: roughly(estimate), exact: false }, rows };
}

/** Two significant figures: an estimate should not look like a count. */
function roughly(n: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.ceil(n / unit) * unit;
}
