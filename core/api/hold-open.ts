import { z } from 'zod';
import { accessSchedule } from '../rules/schedule';
import { readableTime } from '../time/readable-time';
import { HOLD_OPEN_MESSAGES } from './hold-open-messages';

export { HOLD_OPEN_MESSAGES };

/** Longest manual hold: a day. */
export const MAX_HOLD_MINUTES = 1440;

export const holdScheduleBody = z.strictObject({ schedule: accessSchedule.nullable() });

/** "Hold open for N minutes" or "until" an end: HH:MM in the property's zone (the next one), or a date and time. */
export const holdBody = z
  .strictObject({
    minutes: z
      .number({ error: HOLD_OPEN_MESSAGES.minutes })
      .int(HOLD_OPEN_MESSAGES.minutes)
      .min(1, HOLD_OPEN_MESSAGES.minutes)
      .max(MAX_HOLD_MINUTES, HOLD_OPEN_MESSAGES.minutes)
      .optional(),
    until: z
      .string({ error: HOLD_OPEN_MESSAGES.until })
      .trim()
      .min(1, HOLD_OPEN_MESSAGES.until)
      .max(40, HOLD_OPEN_MESSAGES.untilTooLong)
      .optional(),
  })
  .refine((body) => (body.minutes === undefined) !== (body.until === undefined), {
    message: HOLD_OPEN_MESSAGES.minutesOrUntil,
    path: ['minutes'],
  });
export type HoldBody = z.infer<typeof holdBody>;

export const holdStateSchema = z.object({
  deviceId: z.string(),
  /** Whether the relay is held open now (as last told). */
  held: z.boolean(),
  /** Why it is held: its schedule or a manager. */
  cause: z.enum(['schedule', 'manual']).nullable(),
  /** When the hold ends (ISO), when known. */
  until: z.string().nullable(),
  /** The manager who held or released it last. */
  by: z.string().nullable(),
  schedule: accessSchedule.nullable(),
  /** Whether the device's driver can hold it open at all. */
  canHold: z.boolean(),
  lockdown: z.boolean(),
  /** Set when the relay did not confirm the last command. */
  relayError: z.string().nullable(),
  /** The property's time zone, in which `until` and the schedule are read. */
  timeZone: z.string(),
});
export type HoldState = z.infer<typeof holdStateSchema>;
export const holdStateResponse = z.object({ message: z.string(), state: holdStateSchema });

/**
 * The state in words, its end as every screen reads a time (docs/decisions/0085): "Held open until
 * Mon, Nov 30, 2026 09:00 EST (schedule)", "Held open by Pat Lee until …", "Not held open".
 */
export function holdStateWords(state: HoldState): string {
  if (state.lockdown) return 'Released: lockdown';
  if (!state.held) return 'Not held open';
  const until = state.until ? ` until ${readableTime(state.until, state.timeZone)}` : '';
  if (state.cause === 'manual') return `Held open by ${state.by ?? 'a manager'}${until}`;
  return `Held open${until} (schedule)`;
}
