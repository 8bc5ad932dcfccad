/** The most one request's body may hold (the server's bodyLimit); a larger one is answered 413. */
export const REQUEST_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * The largest bulk CSV a screen sends: its rows travel as JSON, which names every field on every
 * row, so a file of this size (10,000 rows, BULK_MAX_ROWS, fit well inside it) stays under the
 * request limit.
 */
export const BULK_CSV_MAX_BYTES = 1024 * 1024;

/** A size in words: "2 MB", "1.4 MB", "300 KB". */
export function readableSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}
