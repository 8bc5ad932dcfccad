import { z } from 'zod';
import { ACCESS_RULES } from '../rules/access-rule';

/**
 * When a reader stops waiting for its answer, in milliseconds since 1970 on the server's clock
 * (the reader learns it from GET /api/access/reader). A decision reached later opens nothing:
 * the reader already shows Offline, and no one may be standing at the gate any more.
 */
export const decideBy = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();

/** POST /api/access/qr: what a gate reader scanned. */
export const qrScanRequest = z.strictObject({ code: z.string().max(512), decideBy });

export const entryAnswer = z.object({
  granted: z.boolean(),
  reason: z.string(),
  /** For a refused pass: what a reader's screen shows the person holding it ("This pass has expired"). */
  notice: z.string().optional(),
  visitor: z.object({ firstName: z.string(), lastName: z.string() }).optional(),
  /** For a PIN let in: whom the reader's screen welcomes. */
  resident: z.object({ firstName: z.string() }).optional(),
  /** For a refusal by a property rule: which one (core/rules/access-rule.ts). */
  rule: z.enum(ACCESS_RULES).optional(),
});
export type EntryAnswer = z.infer<typeof entryAnswer>;

/** The reason a gate reader is given, and the relay log keeps. */
export const QR_ENTRY_REASONS = {
  valid: 'Access granted',
  unknown: 'QR code not recognised',
  'not-yet-valid': 'QR code is not valid yet',
  expired: 'QR code has expired',
  'outside-window': "Outside the visitor's time window",
  otherProperty: 'QR code belongs to another property',
  throttled: 'Too many unrecognised codes from this device. Please wait a minute.',
  late: 'The reader had stopped waiting, so nothing was opened.',
} as const;

/** GET /api/access/reader: who a paired gate reader is, for its screen. */
export const readerIdentityResponse = z.object({
  gateName: z.string(),
  propertyName: z.string(),
  /** Whether the reader shows its keypad: the property has the Secure PIN feature. */
  securePin: z.boolean(),
  /** Whether the reader takes card numbers from a USB card reader: the property has the RFID feature. */
  cards: z.boolean(),
  /** Whether the reader offers "Call a resident": the property has the Intercom feature. */
  intercom: z.boolean().optional(),
  /** Whether a lockdown holds this gate shut: the intercom button then says "Gate locked down". */
  lockedDown: z.boolean().optional(),
  /** The server's clock (ms since 1970), so the reader can say by when it needs an answer. */
  serverTime: z.number(),
});
export type ReaderIdentity = z.infer<typeof readerIdentityResponse>;
