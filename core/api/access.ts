import { z } from 'zod';

/** POST /api/access/qr: what a gate reader scanned. */
export const qrScanRequest = z.strictObject({ code: z.string().max(512) });

export const accessResponse = z.object({
  granted: z.boolean(),
  reason: z.string(),
  /** For a refused pass: what a reader's screen shows the person holding it ("This pass has expired"). */
  notice: z.string().optional(),
  visitor: z.object({ firstName: z.string(), lastName: z.string() }).optional(),
  /** For a PIN let in: whom the reader's screen welcomes. */
  resident: z.object({ firstName: z.string() }).optional(),
});
export type AccessResponse = z.infer<typeof accessResponse>;

/** The reason a gate reader is given, and the relay log keeps. */
export const QR_ACCESS_REASONS = {
  valid: 'Access granted',
  unknown: 'QR code not recognised',
  'not-yet-valid': 'QR code is not valid yet',
  expired: 'QR code has expired',
  'outside-window': "Outside the visitor's time window",
  otherProperty: 'QR code belongs to another property',
  throttled: 'Too many unrecognised codes from this device. Please wait a minute.',
} as const;

/** GET /api/access/reader: who a paired gate reader is, for its screen. */
export const readerIdentityResponse = z.object({
  gateName: z.string(),
  propertyName: z.string(),
  /** Whether the reader shows its keypad: the property has the Secure PIN feature. */
  securePin: z.boolean(),
});
export type ReaderIdentity = z.infer<typeof readerIdentityResponse>;
