import { z } from 'zod';
import { MESSAGES } from '../messages';
import { idSchema } from './common';

/** A user keeps at most this many passkeys (Profile lists them all). */
export const MAX_PASSKEYS = 10;

const base64url = (field: string, max: number) =>
  z
    .string()
    .min(1, `${field} is required`)
    .max(max, MESSAGES.tooLong(field, max))
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${field} must be base64url`);

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** What browsers report for the one extension asked for (credProps); nothing else is requested. */
const clientExtensionResults = z.strictObject({
  credProps: z.strictObject({ rk: z.boolean().optional() }).optional(),
});

const credentialCommon = {
  id: base64url('id', 1400),
  rawId: base64url('rawId', 1400),
  type: z.literal('public-key', 'type must be public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
};

/** The browser's answer to a registration (navigator.credentials.create), as @simplewebauthn/browser sends it. */
export const passkeyRegistrationCredential = z.strictObject({
  ...credentialCommon,
  response: z.strictObject({
    clientDataJSON: base64url('clientDataJSON', 4000),
    attestationObject: base64url('attestationObject', 16000),
    authenticatorData: base64url('authenticatorData', 16000).optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url('publicKey', 4000).optional(),
  }),
});

/** The browser's answer to a sign-in (navigator.credentials.get). */
export const passkeyAuthenticationCredential = z.strictObject({
  ...credentialCommon,
  response: z.strictObject({
    clientDataJSON: base64url('clientDataJSON', 4000),
    authenticatorData: base64url('authenticatorData', 16000),
    signature: base64url('signature', 4000),
    userHandle: base64url('userHandle', 200).optional(),
  }),
});

export const passkeyName = z
  .string()
  .trim()
  .min(1, 'Name the passkey')
  .max(60, 'Passkey name must be at most 60 characters');

export const addPasskeyRequest = z.strictObject({ name: passkeyName, credential: passkeyRegistrationCredential });

export const pendingPasskeyRequest = z.strictObject({ pendingToken: z.string().min(1).max(2000) });

export const passkeySignInRequest = z.strictObject({
  pendingToken: z.string().min(1).max(2000),
  credential: passkeyAuthenticationCredential,
});

export const passkeyParams = z.strictObject({ passkeyId: idSchema });

/** WebAuthn options for the browser, passed as they are to @simplewebauthn/browser. */
export const webauthnOptionsResponse = z.object({ options: z.record(z.string(), z.unknown()) });

export const passkeySummary = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummary>;

export const PASSKEY_MESSAGES = {
  added: 'Passkey added',
  removed: 'Passkey removed',
  tooMany: `You can keep at most ${MAX_PASSKEYS} passkeys. Remove one first.`,
  challengeExpired: 'This passkey request has expired or was already used. Please try again.',
  notVerified: 'That passkey could not be verified. Please try again.',
  alreadyRegistered: 'That passkey is already registered.',
} as const;
