/**
 * Text a spreadsheet would run as a formula when it starts a cell (OWASP, CSV injection):
 * = + - @, and tab or carriage return, which some spreadsheets skip before reading a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell of every CSV file Gatehouse writes (browser and server): a cell that would start a
 * formula is defused with a leading apostrophe, which spreadsheets show as text; then quoted per
 * RFC 4180 when it holds a comma, a quote or a line break, quotes doubled.
 */
export function csvCell(value: string): string {
  const defused = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

/** One record, ended by CRLF (RFC 4180). */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole file: the header line, then one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}
