import { readableClock } from '../time/readable-time';
import { addDays, minutesOf, type WallTime, wallTimeAt, weekdayIndexOf } from '../time/zoned-time';
import { type AccessSchedule, isOpenAt, rangesOn } from './schedule';

const wallOn = (date: string, minute: number): WallTime => ({ date, minute, weekdayIndex: weekdayIndexOf(date) });

/** What decides a gate's hold-open state at one moment. */
export interface HoldFacts {
  schedule: AccessSchedule | null;
  manualState: 'hold' | 'release' | null;
  manualUntil: Date | null;
  manualByName: string | null;
  /** A lockdown in force covers this gate. */
  lockdown: boolean;
  /** Why the relay was last held ('schedule' or 'manual'), for the words of its release. */
  assertedCause: string | null;
  timeZone: string;
}

export type HeldBy = 'schedule' | 'manual';
export type ReleasedBy = 'lockdown' | 'manual' | 'hold-end' | 'schedule-end';

export type ExpectedHold =
  | { on: true; cause: HeldBy; manualInForce: boolean }
  | { on: false; cause: ReleasedBy; manualInForce: boolean };

/**
 * The relay's state now: lockdown releases, and ends a manager's hold (docs/decisions/0067); a
 * manager's hold holds until its end; the schedule
 * holds inside its ranges unless a manager released it for the rest of the range.
 */
export function expectedHold(facts: HoldFacts, now: Date): ExpectedHold {
  const scheduleOpen = facts.schedule !== null && isOpenAt(facts.schedule, wallTimeAt(now, facts.timeZone));
  const manualHold = facts.manualState === 'hold' && facts.manualUntil !== null && facts.manualUntil > now;
  const manualRelease = facts.manualState === 'release' && scheduleOpen;
  const manualInForce = manualHold || manualRelease;
  // A lockdown ends a manager's hold (it is not resumed when the lockdown ends); a release stays.
  if (facts.lockdown) return { on: false, cause: 'lockdown', manualInForce: manualRelease };
  if (manualHold) return { on: true, cause: 'manual', manualInForce };
  if (scheduleOpen && !manualRelease) return { on: true, cause: 'schedule', manualInForce };
  if (manualRelease) return { on: false, cause: 'manual', manualInForce };
  return { on: false, cause: facts.assertedCause === 'manual' ? 'hold-end' : 'schedule-end', manualInForce };
}

/** The gate log's words for a change of state ("Held open by Pat Lee until 10:30 EST"). */
export function holdChangeWords(expected: ExpectedHold, facts: HoldFacts): string {
  const by = facts.manualByName ?? 'a manager';
  if (expected.on) {
    if (expected.cause === 'schedule') return 'Held open (schedule)';
    const until = facts.manualUntil ? ` until ${readableClock(facts.manualUntil, facts.timeZone)}` : '';
    return `Held open by ${by}${until}`;
  }
  if (expected.cause === 'lockdown') return 'Released: lockdown';
  if (expected.cause === 'manual') return `Released by ${by}`;
  if (expected.cause === 'hold-end') return 'Released (hold ended)';
  return 'Released (schedule end)';
}

/**
 * When the schedule's open stretch around `wall` ends, as a wall date and minute of day: the end of
 * the range it is in, followed through ranges that start where the last one ended. Null: closed.
 */
export function scheduleOpenUntil(schedule: AccessSchedule, wall: WallTime): WallTime | null {
  if (!isOpenAt(schedule, wall)) return null;
  let at = wall;
  for (let step = 0; step < 14 && isOpenAt(schedule, at); step++) at = endOfRangeAt(schedule, at);
  return at;
}

function endOfRangeAt(schedule: AccessSchedule, wall: WallTime): WallTime {
  const today = rangesOn(schedule, wall.date).find((range) => {
    const from = minutesOf(range.from);
    const to = minutesOf(range.to);
    return wall.minute >= from && (to < from || wall.minute < to);
  });
  if (today) {
    const to = minutesOf(today.to);
    if (to < minutesOf(today.from) || to === 1440) return wallOn(addDays(wall.date, 1), to % 1440);
    return wallOn(wall.date, to);
  }
  const overnight = rangesOn(schedule, addDays(wall.date, -1)).find(
    (range) => minutesOf(range.to) < minutesOf(range.from) && wall.minute < minutesOf(range.to),
  );
  return wallOn(wall.date, overnight ? minutesOf(overnight.to) : wall.minute + 1);
}
