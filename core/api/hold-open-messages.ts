/** Hold-open's words: the routes' answers and the screens' errors. */
export const HOLD_OPEN_MESSAGES = {
  scheduleSaved: 'Hold-open schedule saved',
  scheduleCleared: 'Hold-open schedule removed',
  held: 'The gate is held open',
  released: 'The gate is released',
  minutesOrUntil: 'Give either minutes or an end time',
  untilTooLong: 'An end time is at most 40 characters',
  minutes: 'Minutes must be a whole number from 1 to 1440',
  until: 'Use an end time as HH:MM or a date and time, later than now and within 24 hours',
  lockedDown: "The gate is locked down: it can't be held open until the lockdown ends",
  relayFailed: 'Saved, but the gate device did not confirm',
} as const;
