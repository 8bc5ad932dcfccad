import { wallTimeAt, wallToInstant } from '../time/zoned-time';
import { scheduleOpenUntil } from './hold-open';
import type { AccessSchedule } from './schedule';

const minuteText = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** What a gate's stored hold says of now: held or not, why, and until when (ISO) where known. */
export interface HeldNow {
  held: boolean;
  cause: 'manual' | 'schedule' | null;
  until: string | null;
}

/** The relay's asserted hold read for screens: the Devices and gates lists and the hold dialog say the same. */
export function heldNow(
  hold: {
    assertedOn: boolean;
    assertedCause: string | null;
    manualUntil: Date | null;
    schedule: AccessSchedule | null;
  },
  now: Date,
  timeZone: string,
): HeldNow {
  if (!hold.assertedOn) return { held: false, cause: null, until: null };
  if (hold.assertedCause === 'manual')
    return { held: true, cause: 'manual', until: hold.manualUntil?.toISOString() ?? null };
  const end = hold.schedule ? scheduleOpenUntil(hold.schedule, wallTimeAt(now, timeZone)) : null;
  return {
    held: true,
    cause: 'schedule',
    until: end ? wallToInstant(end.date, minuteText(end.minute), timeZone).toISOString() : null,
  };
}

/** The held fields the Devices table and the Access Gates list carry: not held when nothing is stored. */
export function heldFieldsOf(hold: StoredHold | null, now: Date, timeZone: string) {
  const held = hold ? heldNow(hold, now, timeZone) : null;
  return { heldOpen: Boolean(held?.held), heldOpenUntil: held?.until ?? null, timeZone };
}

/** A gate's stored hold as heldNow reads it. */
export type StoredHold = Parameters<typeof heldNow>[0];
