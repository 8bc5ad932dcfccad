import { type AccessSchedule, SCHEDULE_DAYS } from './schedule';

export const SCHEDULE_DAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A weekly schedule in words, Monday first: "Mon: 06:00–22:00; Tue: closed; …". */
export function weeklyHoursWords(schedule: AccessSchedule): string {
  return SCHEDULE_DAYS.map(
    (day, index) =>
      `${SCHEDULE_DAY_LABELS[index]}: ${(schedule.weekly[day] ?? []).map((range) => `${range.from}–${range.to}`).join(', ') || 'closed'}`,
  ).join('; ');
}
