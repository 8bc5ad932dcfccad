import { type AnyColumn, like, type SQL, sql } from 'drizzle-orm';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * How a text is tested: `trigram` lets the planner use a trigram index, `scan` keeps it off so the
 * test runs on the rows (or index entries) another plan reads.
 */
export type TextVia = 'trigram' | 'scan';

/**
 * The part of a term the trigram index looks for (the whole term is checked on what it finds).
 * An index lookup costs each candidate a walk through the posting lists of every trigram, and the
 * trigrams of letters shared by whole classes of people ("use" of every user@, "gue" of every
 * guest) have lists as long as the log. Digits are what sets a person apart in such texts, so a
 * term with digits is looked up from the character before its first digit on ("r1234@...",
 * "t123"), and an email's domain, shared by many, is left out.
 */
export function indexedPart(needle: string): string {
  const local = needle.includes('@') ? needle.slice(0, needle.indexOf('@') + 1) : needle;
  const firstDigit = local.search(/\d/);
  const fromDigit = firstDigit > 0 ? local.slice(firstDigit - 1) : local;
  if (fromDigit.length >= 4) return fromDigit;
  return local.length >= 3 ? local : needle;
}

/**
 * Substring search on a lowercased search text. Through the trigram index, the index looks for
 * the term's selective part only (indexedPart) and the whole term is checked on those rows (the
 * `|| ''` keeps that check off the index).
 */
export function textMatches(column: AnyColumn | SQL, needle: string, via: TextVia = 'trigram'): SQL {
  const pattern = `%${escapeLike(needle)}%`;
  if (via === 'scan') return sql`(${column} || '') like ${pattern}`;
  const part = indexedPart(needle);
  if (part === needle) return like(column, pattern);
  return sql`${like(column, `%${escapeLike(part)}%`)} and (${column} || '') like ${pattern}`;
}
