import type { AccessSchedule, TimeRange } from '@core/rules/schedule';
import { SCHEDULE_DAYS } from '@core/rules/schedule';
import { readableDate } from '@core/time/readable-time';

const DAY_NAMES = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const rangesInWords = (ranges: TimeRange[] | undefined) =>
  ranges?.length ? ranges.map((range) => `${range.from}–${range.to}`).join(', ') : 'closed';

const isSchedule = (value: unknown): value is AccessSchedule =>
  Boolean(value) && typeof value === 'object' && 'weekly' in (value as object);

/** One line of a schedule's change: which day or date, and its hours before and after. */
export interface ScheduleLine {
  label: string;
  /** Null: the schedule was created (before) or removed (after). */
  before: string | null;
  after: string | null;
}

const NO_SCHEDULE: AccessSchedule = { weekly: {}, exceptions: [] };

/**
 * A schedule's change as the days and dates whose hours differ ("Monday: 07:00–22:00 → closed"),
 * not two whole schedules to compare by eye; a new schedule its open days. Null: neither side is one.
 */
export function scheduleChanges(before: unknown, after: unknown): ScheduleLine[] | null {
  if (!isSchedule(before) && !isSchedule(after)) return null;
  const lines = scheduleLines(isSchedule(before) ? before : NO_SCHEDULE, isSchedule(after) ? after : NO_SCHEDULE);
  return lines.map((line) => ({
    ...line,
    before: isSchedule(before) ? line.before : null,
    after: isSchedule(after) ? line.after : null,
  }));
}

function scheduleLines(
  before: AccessSchedule,
  after: AccessSchedule,
): { label: string; before: string; after: string }[] {
  const lines: { label: string; before: string; after: string }[] = [];
  for (const day of SCHEDULE_DAYS) {
    const [was, now] = [rangesInWords(before.weekly[day]), rangesInWords(after.weekly[day])];
    if (was !== now) lines.push({ label: DAY_NAMES[day], before: was, after: now });
  }
  const dates = [
    ...new Set([...(before.exceptions ?? []), ...(after.exceptions ?? [])].map((exception) => exception.date)),
  ].sort();
  for (const date of dates) {
    const of = (schedule: AccessSchedule) => {
      const exception = (schedule.exceptions ?? []).find((e) => e.date === date);
      return exception
        ? `${rangesInWords(exception.ranges)}${exception.name ? ` (${exception.name})` : ''}`
        : 'usual hours';
    };
    const [was, now] = [of(before), of(after)];
    if (was !== now) lines.push({ label: readableDate(date), before: was, after: now });
  }
  return lines;
}
