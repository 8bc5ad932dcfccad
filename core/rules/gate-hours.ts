import { readableClock } from '../time/readable-time';
import { wallTimeAt, wallToInstant, weekdayIndexOf } from '../time/zoned-time';
import { type AccessSchedule, isOpenAt, nextOpening } from './schedule';

const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export interface GateHours {
  /** One of the person's groups that include the gate is open now. */
  allowedNow: boolean;
  /**
   * When closed: the next opening on the property's clock, zone named (docs/decisions/0085):
   * "06:00 EST" today or "Tue 06:00 EST" another day; null when open or not within a week.
   */
  opensAt: string | null;
}

/** A resident's hours at one gate, from the schedules of their groups that include it, at `now` in the property's zone. */
export function gateHoursAt(schedules: AccessSchedule[], now: Date, timeZone: string): GateHours {
  const wall = wallTimeAt(now, timeZone);
  if (schedules.some((schedule) => isOpenAt(schedule, wall))) return { allowedNow: true, opensAt: null };
  const next = schedules
    .map((schedule) => nextOpening(schedule, wall))
    .filter((opening) => opening !== null)
    .sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`))[0];
  if (!next) return { allowedNow: false, opensAt: null };
  const clock = readableClock(wallToInstant(next.date, next.time, timeZone), timeZone);
  const opensAt = next.date === wall.date ? clock : `${WEEKDAY_SHORT[weekdayIndexOf(next.date)]} ${clock}`;
  return { allowedNow: false, opensAt };
}
