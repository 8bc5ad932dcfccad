import { z } from 'zod';
import { boundedText } from '../validation/visible-text';
import { idSchema } from './common';

/** The words of the intercom, at the reader and in the app (DESIGN.md, Intercom). */
export const INTERCOM_WORDS = {
  callButton: 'Call a resident',
  searchLabel: 'Name',
  calling: (displayName: string) => `Calling ${displayName}…`,
  hangUp: 'Hang up',
  noAnswer: 'No answer',
  gateOpened: 'Gate opened',
  lockedDown: 'Gate locked down',
  isCalling: (gateName: string) => `${gateName} is calling`,
  answer: 'Answer',
  decline: 'Decline',
  openGate: 'Open gate',
  declined: (displayName: string) => `${displayName} can't come to the gate right now.`,
  answeredElsewhere: 'Answered on another device',
  readerHungUp: 'The visitor hung up.',
  residentHungUp: (displayName: string) => `${displayName} hung up.`,
  readerLost: 'The call ended: the gate lost its connection.',
  residentLost: (displayName: string) => `The call ended: ${displayName} lost their connection.`,
  push: (gateName: string) => `Someone is at ${gateName}`,
  pushSwitch: 'Someone calls from the gate',
  featureOff: 'The intercom is not turned on at this property.',
  notRinging: 'This call is no longer ringing.',
  notActive: 'This call has ended.',
  notYours: 'Only the resident who answered can open the gate from this call.',
  notReachable: 'This resident cannot be called from this gate.',
  photoTaken: 'This call already has its photo.',
  photoNotJpeg: 'The photo must be a JPEG image.',
  photoTooLarge: 'The photo must be at most 100 kB.',
  noPhoto: 'This call has no photo.',
  queryTooShort: 'Type at least 2 letters of a name.',
  tooManySearches: (seconds: number) => `Too many searches from this gate. Please wait ${seconds} seconds.`,
  tooManyCalls: (seconds: number) => `Too many calls from this gate. Please wait ${seconds} seconds.`,
  tooManySignals: 'Too many call messages. Please hang up and call again.',
} as const;

/** Why a call ended, kept with it; the words are written from it and the display name. */
export const CALL_END_REASONS = [
  'no-answer',
  'declined',
  'reader-hung-up',
  'resident-hung-up',
  'reader-lost',
  'resident-lost',
] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

export const CALL_STATUSES = ['ringing', 'answered', 'declined', 'missed', 'ended'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** The sentence a screen shows for an ended call. */
export function endWords(reason: CallEndReason, displayName: string): string {
  switch (reason) {
    case 'no-answer':
      return INTERCOM_WORDS.noAnswer;
    case 'declined':
      return INTERCOM_WORDS.declined(displayName);
    case 'reader-hung-up':
      return INTERCOM_WORDS.readerHungUp;
    case 'resident-hung-up':
      return INTERCOM_WORDS.residentHungUp(displayName);
    case 'reader-lost':
      return INTERCOM_WORDS.readerLost;
    case 'resident-lost':
      return INTERCOM_WORDS.residentLost(displayName);
  }
}

export const DISPLAY_NAME_MAX = 40;
/** Searches shorter than this find nobody: a directory is not a list to page through. */
export const DIRECTORY_QUERY_MIN = 2;
/** A search answers at most this many names. */
export const DIRECTORY_RESULTS_MAX = 10;

export const directoryQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(DIRECTORY_QUERY_MIN, INTERCOM_WORDS.queryTooShort)
    .max(40, 'Name must be at most 40 characters'),
});

/** A directory entry: an id of its own (never the user's) and the name the resident chose. */
export const directoryEntry = z.object({ _id: z.string(), displayName: z.string() });
export const directoryResponse = z.object({
  entries: z.array(directoryEntry),
  /** The gate is locked down: the reader's button says "Gate locked down" and nobody is called. */
  lockedDown: z.boolean(),
});

export const directoryListingRequest = z.strictObject({
  listed: z.boolean(),
  displayName: boundedText('Display name', DISPLAY_NAME_MAX).optional(),
});
export const directoryListingResponse = z.object({
  listed: z.boolean(),
  /** The name the reader shows: the chosen one, else first name and last initial. */
  displayName: z.string(),
  /** A manager hid this resident from the directory; only a manager shows them again. */
  hiddenByManager: z.boolean(),
});

export const managerListingParams = z.strictObject({ userId: idSchema });
export const managerListingRequest = z.strictObject({ hidden: z.boolean() });

/** One ICE server as RTCPeerConnection takes it. */
export const iceServer = z.object({
  urls: z.string(),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export const iceServersResponse = z.object({ iceServers: z.array(iceServer) });

export const createCallRequest = z.strictObject({ directoryId: idSchema });
export const callCreatedResponse = z.object({ _id: z.string(), iceServers: z.array(iceServer) });

export const callParams = z.strictObject({ callId: idSchema });
/** "Open gate" in the call carries nothing: the call names the gate and the answering resident. */
export const openFromCallBody = z.strictObject({}).nullish();

export const callSchema = z.object({
  _id: z.string(),
  status: z.enum(CALL_STATUSES),
  gate: z.object({ _id: z.string(), name: z.string() }),
  startedAt: z.string(),
  /** The called resident's directory name. */
  displayName: z.string(),
  /** When ringing stops unanswered (ringing calls). */
  ringsUntil: z.string(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Why it ended, in words for the screen; null while it lasts. */
  reason: z.string().nullable(),
  /** For a resident: answered on this signed-in device (true) or on another (false); else null. */
  answeredHere: z.boolean().nullable(),
  /** The gate was opened from this call. */
  opened: z.boolean(),
  /** A still was taken; fetched on its own (GET /api/intercom/calls/:callId/photo). */
  hasPhoto: z.boolean(),
});
export type CallDto = z.infer<typeof callSchema>;

export const callListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(30),
  /** Calls started before this instant (the previous page's last startedAt). */
  before: z.iso.datetime({ offset: true }).optional(),
  status: z.enum(CALL_STATUSES).optional(),
});
export const callListResponse = z.object({ calls: z.array(callSchema) });

/** A JPEG of at most 100 kB is at most this long in base64. */
const PHOTO_BASE64_MAX = Math.ceil((100 * 1024) / 3) * 4;
/** The reader's still at the start of a call: a JPEG in base64 (standard alphabet). */
export const callPhotoRequest = z.strictObject({
  photo: z
    .string()
    .min(1, INTERCOM_WORDS.photoNotJpeg)
    .max(
      PHOTO_BASE64_MAX,
      `The photo must be at most ${PHOTO_BASE64_MAX.toLocaleString('en-US')} characters of base64 (100 kB).`,
    )
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, INTERCOM_WORDS.photoNotJpeg),
});

export const CALL_PHOTO_DAYS_MAX = 365;
export const intercomSettingsParams = z.strictObject({ propertyId: idSchema });
/** "Keep call photos for N days" (default 30), applied by the daily upkeep. */
export const intercomSettingsSchema = z.strictObject({
  callPhotoRetentionDays: z
    .number()
    .int('Keep call photos for a whole number of days')
    .min(1, 'Keep call photos for at least 1 day')
    .max(CALL_PHOTO_DAYS_MAX, `Keep call photos for at most ${CALL_PHOTO_DAYS_MAX} days`),
});

/** One WebRTC message to the other side (decision 0093). */
export const signalRequest = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('offer'), sdp: z.string().min(1).max(20_000) }),
  z.strictObject({ type: z.literal('answer'), sdp: z.string().min(1).max(20_000) }),
  z.strictObject({
    type: z.literal('candidate'),
    candidate: z.string().max(1000),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  }),
]);
export type SignalMessage = z.infer<typeof signalRequest>;

export const signalsQuery = z.strictObject({
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});
export const signalsResponse = z.object({
  /** The other side's messages after `after`, oldest first; pass the last id as the next `after`. */
  signals: z.array(z.object({ id: z.number(), message: z.any() })),
  call: callSchema,
});
