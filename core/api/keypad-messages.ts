// Texts of the gate reader's keypad, apart from the schemas so the reader page need not load zod.
export const KEYPAD_MESSAGES = {
  /** Residents' secure PINs and couriers' guest PINs (delivery passes) alike. */
  title: 'Enter your PIN or guest PIN',
  /** The one sentence while locked, counting down to the lock's end the server gave. */
  lockedUntil: (clock: string) => `Too many wrong PINs. This keypad is locked: try again in ${clock}.`,
} as const;
