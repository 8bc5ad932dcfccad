import { type AnyColumn, like, type SQL, sql } from 'drizzle-orm';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * How a text is tested: `trigram` lets the planner use a trigram index, `scan` keeps it off so the
 * test runs on the rows (or index entries) another plan reads.
 */
export type TextVia = 'trigram' | 'scan';

/**
 * Substring search on a lowercased search text. Through the trigram index, an email's domain is
 * shared by many people and its trigrams would make the index read most of its entries, so the
 * index looks for the part before @ and the whole address is checked on those rows only (the
 * `|| ''` keeps it off the index).
 */
export function textMatches(column: AnyColumn | SQL, needle: string, via: TextVia = 'trigram'): SQL {
  const pattern = `%${escapeLike(needle)}%`;
  if (via === 'scan') return sql`(${column} || '') like ${pattern}`;
  const local = needle.includes('@') ? needle.slice(0, needle.indexOf('@')) : '';
  if (local.length < 3) return like(column, pattern);
  return sql`${like(column, `%${escapeLike(local)}@%`)} and (${column} || '') like ${pattern}`;
}
