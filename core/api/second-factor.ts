import { z } from 'zod';
import { MESSAGES } from '../messages';
import { passkeySummary } from './passkeys';

/** What the login form gets: a session token, or the request for a second factor. */
export const loginResponse = z.union([
  z.object({ token: z.string() }),
  z.object({
    secondFactorRequired: z.literal(true),
    pendingToken: z.string(),
    /** What the user can finish with: a passkey, a code (authenticator app or recovery code), or both. */
    factors: z.array(z.enum(['passkey', 'code'])),
  }),
]);
export type LoginResponse = z.infer<typeof loginResponse>;

const code = z.string().trim().min(1, 'Code is required').max(20, MESSAGES.tooLong('Code', 20));

export const secondFactorSignInRequest = z.strictObject({
  pendingToken: z.string().min(1, 'pendingToken is required').max(2000),
  code,
});

export const totpConfirmRequest = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

export const totpSetupResponse = z.object({ secret: z.string(), otpauthUri: z.string(), qrCode: z.string() });
export type TotpSetup = z.infer<typeof totpSetupResponse>;

export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });

export const secondFactorStatus = z.object({
  /** Any second factor: an authenticator app or a passkey. */
  enrolled: z.boolean(),
  authenticatorApp: z.boolean(),
  passkeys: z.array(passkeySummary),
  recoveryCodesLeft: z.number(),
  /** The user may not use the app until they enrol (superadmins; managers where the property says). */
  enrolmentRequired: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatus>;

export const turnOffSecondFactorRequest = z.strictObject({ code });

export const SECOND_FACTOR_MESSAGES = {
  turnedOff: 'The authenticator app is off',
  reset: 'Two-step verification was reset; the user is signed out everywhere',
  /** The code was right but already accepted once (the replay guard): only the next one will do. */
  codeJustUsed: 'That code was just used. Wait for the next one.',
  /** Said before any factor is added or removed (factor-change.ts ends every other session). */
  changeSignsOutOthers:
    'Adding or removing an authenticator app or a passkey signs you out on your other browsers and devices. This one stays signed in.',
  /** A wrong first code while setting up: there are no recovery codes yet to fall back on. */
  setupCodeRefused:
    'That code does not match. Enter the 6-digit code the authenticator app shows now for Gatehouse, and check that the phone sets its clock automatically.',
} as const;
