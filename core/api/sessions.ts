import { z } from 'zod';
import { idSchema } from './common';

/** One signed-in browser of the user, as Profile lists it. */
export const activeSession = z.object({
  _id: z.string(),
  label: z.string(),
  address: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSession>;

export const activeSessionsResponse = z.object({ sessions: z.array(activeSession) });

export const sessionParams = z.strictObject({ sessionId: idSchema });

export const endedSessionsResponse = z.object({ message: z.string(), ended: z.number() });

/** Profile lists at most this many sessions, newest first. */
export const MAX_LISTED_SESSIONS = 50;

export const SESSION_MESSAGES = {
  signedOut: 'Signed out',
  sessionSignedOut: 'That session is signed out',
  othersSignedOut: 'Signed out everywhere else',
} as const;
