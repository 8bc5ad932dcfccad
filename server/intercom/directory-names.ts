/**
 * Names as the directory compares and shows them. A search and the stored names are folded alike:
 * decomposed (NFD), combining marks dropped, lowercased, so "noe" finds "Noé" and "Çelik" is
 * found by "cel".
 */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The same fold in SQL, for a column. */
export const FOLD_SQL = (column: string) =>
  `lower(regexp_replace(normalize(${column}, NFD), '[\\u0300-\\u036f]', '', 'g'))`;

/** A LIKE pattern matching the start of a folded name; the searcher's % and _ match themselves. */
export function prefixPattern(query: string): string {
  return `${foldName(query.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The name a reader shows when the resident chose none: first name and last initial ("Noor O."). */
export function defaultDisplayName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}
