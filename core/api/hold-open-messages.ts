import { readableTime } from '../time/readable-time';
/** Hold-open's words: the routes' answers and the screens' errors. */
export const HOLD_OPEN_MESSAGES = {
  scheduleSaved: 'Hold-open schedule saved',
  scheduleCleared: 'Hold-open schedule removed',
  held: 'The gate is held open',
  released: 'The gate is released',
  minutesOrUntil: 'Give either minutes or an end time',
  untilTooLong: 'An end time is at most 40 characters',
  minutes: 'Minutes must be a whole number from 1 to 1440',
  until: 'Use an end time such as 18:30 or 6:30pm, or a date and time, later than now and within 24 hours',
  lockedDown: "The gate is locked down: it can't be held open until the lockdown ends",
  relayFailed: 'Saved, but the gate device did not confirm',
} as const;

/** The screen's words for a hold-open action that failed without the server's own words. */
export const HOLD_OPEN_SCREEN_MESSAGES = {
  loadFailed: 'The hold-open state could not be loaded',
  actionFailed: 'The gate could not be changed. Please try again.',
  saveFailed: 'The schedule could not be saved. Please try again.',
  notSupported: "This device's driver can't hold the gate open",
} as const;

/** A gate's hold on the lists of gates: "Held open until Sat, Nov 28, 2026 21:09 EST", or "Held open". */
export function heldOpenWords(gate: {
  heldOpen: boolean;
  heldOpenUntil: string | null;
  timeZone: string;
}): string | null {
  if (!gate.heldOpen) return null;
  return gate.heldOpenUntil ? `Held open until ${readableTime(gate.heldOpenUntil, gate.timeZone)}` : 'Held open';
}
