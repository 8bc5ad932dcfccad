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

export function paginationOf(totalItems: number, limit: number): Pagination {
  return { totalItems, totalPages: Math.ceil(totalItems / limit) };
}

/** The count and page queries of one list request, built but not run (the benchmark EXPLAINs them). */
export function listQueries<Page>(db: Queryable, table: PgTable, where: SQL | undefined, page: Page) {
  return { count: db.select({ total: count() }).from(table).where(where), page };
}

/** The total matching rows and one page of them, queried side by side. */
export async function runListQueries<Row>(queries: { count: Promise<{ total: number }[]>; page: Promise<Row[]> }) {
  const [[{ total }], rows] = await Promise.all([queries.count, queries.page]);
  return { total, rows };
}
