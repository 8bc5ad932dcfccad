import { isoDateOf, wallTimeIn } from './zoned-format';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant. */
function offsetAt(instantMs: number, timeZone: string): number {
  const wall = wallTimeIn(new Date(instantMs), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
}

/** The instant a day (yyyy-MM-dd) begins in an IANA zone; midnight never falls in a DST gap there. */
export function startOfDayIn(isoDate: string, timeZone: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  const naive = Date.UTC(year, month - 1, day);
  const guess = naive - offsetAt(naive, timeZone);
  return new Date(naive - offsetAt(guess, timeZone));
}

export function addDays(isoDate: string, days: number): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole days from `startDate` through `endDate` inclusive, as a half-open instant range [from, to). */
export function dayRangeIn(
  timeZone: string,
  startDate?: string | null,
  endDate?: string | null,
): { from: Date | null; to: Date | null } {
  return {
    from: startDate ? startOfDayIn(startDate, timeZone) : null,
    to: endDate ? startOfDayIn(addDays(endDate, 1), timeZone) : null,
  };
}

/** Today's date (yyyy-MM-dd) on the zone's wall clock. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return isoDateOf(wallTimeIn(now, timeZone));
}
