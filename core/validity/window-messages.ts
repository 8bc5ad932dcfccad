import { readableDate, readableTime } from '../time/readable-time';
import { formatWall } from '../time/zoned-time';
import { sortRecurringDays, sortSpecificDates } from '../visitor-form/visitor-window';
import type { QrWindow } from './qr-validity';

const listInWords = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const span = (row: { startTime: string; endTime: string }) => `${row.startTime}–${row.endTime}`;

/** Rows sharing the same times, grouped in their sorted order. */
function groupByTimes<T extends { startTime: string; endTime: string }>(rows: T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = span(row);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

/**
 * The window in words, in the property's zone: "Mondays and Wednesdays, 08:00–17:00",
 * "Mondays, 08:00–17:00, until Mon, Jun 9, 2025", "from Mon, Jun 2, 2025 08:00 until further notice".
 */
export function describeWindow(code: QrWindow, timeZone: string): string {
  if (code.qrType === 'weekdays') {
    const days = groupByTimes(sortRecurringDays(code.recurringDays))
      .map((rows) => `${listInWords(rows.map((row) => `${row.day}s`))}, ${span(rows[0])}`)
      .join('; ');
    // A weekday pass ends at the midnight after its last day.
    const lastDay = code.endDate && formatWall(new Date(code.endDate.getTime() - 1), timeZone).date;
    return lastDay ? `${days}, until ${readableDate(lastDay)}` : days;
  }
  if (code.qrType === 'randomDates') {
    return listInWords(sortSpecificDates(code.multipleDays).map((row) => `${readableDate(row.date)}, ${span(row)}`));
  }
  const from = readableTime(code.startDate, timeZone);
  if (code.lifetimeValidity || !code.endDate) return `from ${from} until further notice`;
  return `from ${from} to ${readableTime(code.endDate, timeZone)}`;
}
