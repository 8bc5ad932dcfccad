import { z } from 'zod';
import { walletLinks } from './wallet';

/** The visitor's pass page (/pass/<token>): the link token, never the gate token. */
export const passTokenParams = z.strictObject({ passToken: z.string().min(16).max(200) });

export const PASS_STATES = ['valid', 'upcoming', 'outside', 'ended'] as const;
export type PassState = (typeof PASS_STATES)[number];

export const passResponse = z.object({
  firstName: z.string(),
  lastName: z.string(),
  propertyName: z.string(),
  propertyLocation: z.string(),
  timeZone: z.string(),
  /** The window in words, in the property's zone. */
  window: z.string(),
  state: z.enum(PASS_STATES),
  /** For an upcoming pass: when it starts, in words at the property. */
  validFrom: z.string().nullable(),
  /** The QR to show at the gate (a PNG data URL); null once the pass has ended. */
  qrImage: z.string().nullable(),
  ...walletLinks.shape,
});
export type PassDto = z.infer<typeof passResponse>;

export const PASS_MESSAGES = {
  notFound: 'This pass link is not valid. Ask the resident who invited you to send a new one.',
  loadFailed: 'The pass could not be loaded. Check your connection and try again.',
  valid: 'Valid now',
  upcoming: (from: string) => `Valid from ${from}`,
  outside: 'Not valid at this moment: see the times below',
  ended: 'This pass has expired',
  endedHelp: 'Ask the resident who invited you for a new pass.',
  addToCalendar: 'Add to calendar',
  showAtGate: 'Show this code to the gate reader. Turn your screen brightness up.',
} as const;
