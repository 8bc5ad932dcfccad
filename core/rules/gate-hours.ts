import { type WallTime, weekdayIndexOf } from '../time/zoned-time';
import { type AccessSchedule, isOpenAt, nextOpening } from './schedule';

const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export interface GateHours {
  /** One of the person's groups that include the gate is open now. */
  allowedNow: boolean;
  /** When closed: the next opening, "06:00" today or "Tue 06:00" another day; null when open or not within a week. */
  opensAt: string | null;
}

/** A resident's hours at one gate, from the schedules of their groups that include it. */
export function gateHoursAt(schedules: AccessSchedule[], wall: WallTime): GateHours {
  if (schedules.some((schedule) => isOpenAt(schedule, wall))) return { allowedNow: true, opensAt: null };
  const next = schedules
    .map((schedule) => nextOpening(schedule, wall))
    .filter((opening) => opening !== null)
    .sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`))[0];
  if (!next) return { allowedNow: false, opensAt: null };
  const opensAt = next.date === wall.date ? next.time : `${WEEKDAY_SHORT[weekdayIndexOf(next.date)]} ${next.time}`;
  return { allowedNow: false, opensAt };
}
