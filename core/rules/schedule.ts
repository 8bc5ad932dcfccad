import { z } from 'zod';
import { addDays, isCalendarDate, minutesOf, type WallTime, weekdayIndexOf } from '../time/zoned-time';

/** Weekday keys of a schedule, Monday first (WallTime.weekdayIndex order). */
export const SCHEDULE_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type ScheduleDay = (typeof SCHEDULE_DAYS)[number];

export const SCHEDULE_MESSAGES = {
  time: 'Use a time of day as HH:MM, from 00:00 to 24:00',
  sameTimes: 'A time range must end at a different time than it starts',
  date: 'Use a calendar date as YYYY-MM-DD',
  duplicateDate: 'Each date may have one exception only',
  tooManyRanges: 'A day may have at most 12 time ranges',
  tooManyExceptions: 'A schedule may have at most 366 exceptions',
} as const;

const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const time = z.string().regex(TIME, SCHEDULE_MESSAGES.time);

/**
 * A time range in the property's wall time. `to` earlier than `from` runs past midnight into the
 * next day; "24:00" is the end of the day.
 */
export const timeRange = z
  .strictObject({ from: time, to: time })
  // 00:00–24:00 is the whole day (ALWAYS); any other range that ends when it starts is empty.
  .refine(
    (range) =>
      minutesOf(range.to) - minutesOf(range.from) === 1440 ||
      minutesOf(range.from) % 1440 !== minutesOf(range.to) % 1440,
    {
      message: SCHEDULE_MESSAGES.sameTimes,
    },
  );
export type TimeRange = z.infer<typeof timeRange>;

const ranges = z.array(timeRange).max(12, SCHEDULE_MESSAGES.tooManyRanges);

export const scheduleException = z.strictObject({
  date: z.string().refine(isCalendarDate, SCHEDULE_MESSAGES.date),
  /** Empty: closed all day (a holiday). */
  ranges,
  /** What the day is, for people reading the schedule ("Christmas Day"). */
  name: z.string().trim().max(80).optional(),
});

/** A weekly schedule with exceptions: a day absent from `weekly` is closed. */
export const accessSchedule = z.strictObject({
  weekly: z.strictObject(
    Object.fromEntries(SCHEDULE_DAYS.map((day) => [day, ranges.optional()])) as {
      [D in ScheduleDay]: z.ZodOptional<typeof ranges>;
    },
  ),
  exceptions: z
    .array(scheduleException)
    .max(366, SCHEDULE_MESSAGES.tooManyExceptions)
    .refine((list) => new Set(list.map((e) => e.date)).size === list.length, SCHEDULE_MESSAGES.duplicateDate)
    .default([]),
});
export type AccessSchedule = z.infer<typeof accessSchedule>;

/** Every day, all day: the schedule of "All residents". */
export const ALWAYS: AccessSchedule = {
  weekly: Object.fromEntries(SCHEDULE_DAYS.map((day) => [day, [{ from: '00:00', to: '24:00' }]])),
  exceptions: [],
};

/** The ranges a calendar date has: its exception's, else its weekday's. */
export function rangesOn(schedule: AccessSchedule, date: string): TimeRange[] {
  const exception = schedule.exceptions.find((e) => e.date === date);
  if (exception) return exception.ranges;
  return schedule.weekly[SCHEDULE_DAYS[weekdayIndexOf(date)]] ?? [];
}

const endOf = (range: TimeRange) => minutesOf(range.to);
const runsPastMidnight = (range: TimeRange) => endOf(range) < minutesOf(range.from);

/**
 * Whether the schedule is open at a wall time: the day's ranges, and last night's that run past
 * midnight unless the day is an exception.
 */
export function isOpenAt(schedule: AccessSchedule, wall: WallTime): boolean {
  const minute = wall.minute;
  for (const range of rangesOn(schedule, wall.date)) {
    const from = minutesOf(range.from);
    if (minute >= from && (runsPastMidnight(range) || minute < endOf(range))) return true;
  }
  // An exception describes its whole date: a holiday closes even the early hours the day before's
  // overnight range would run into (docs/decisions/0067).
  if (schedule.exceptions.some((exception) => exception.date === wall.date)) return false;
  for (const range of rangesOn(schedule, addDays(wall.date, -1))) {
    if (runsPastMidnight(range) && minute < endOf(range)) return true;
  }
  return false;
}

/** The next time a closed schedule opens, within a week: its date and "HH:MM". Null: not within a week. */
export function nextOpening(schedule: AccessSchedule, wall: WallTime): { date: string; time: string } | null {
  for (let day = 0; day <= 7; day++) {
    const date = addDays(wall.date, day);
    const starts = rangesOn(schedule, date)
      .map((range) => range.from)
      .filter((from) => day > 0 || minutesOf(from) > wall.minute)
      .sort();
    if (starts.length > 0) return { date, time: starts[0] };
  }
  return null;
}
