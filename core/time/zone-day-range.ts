import { addDays, wallToInstant } from './zoned-time';

/** The instant a day (yyyy-MM-dd) begins in an IANA zone. */
export function startOfDayIn(isoDate: string, timeZone: string): Date {
  return wallToInstant(isoDate, '00:00', timeZone);
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
