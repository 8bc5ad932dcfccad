import { z } from 'zod';
import { deriveKey } from '../crypto/keys';
import { open, seal } from '../crypto/secret-box';

/**
 * A secret a job needs at send time and cannot re-derive from the database (an invitation, reset
 * or QR token: the database keeps only their hashes), sealed with a key derived for job payloads.
 * The brand keeps a raw token from being put in a payload by mistake.
 */
export const sealedJobSecret = z
  .string()
  .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'a sealed secret')
  .brand<'SealedJobSecret'>();
export type SealedJobSecret = z.infer<typeof sealedJobSecret>;

const jobSecretKey = (secret: Buffer) => deriveKey(secret, 'job-secrets');

export function sealJobSecret(secret: Buffer, value: string): SealedJobSecret {
  return seal(jobSecretKey(secret), value) as SealedJobSecret;
}

export function openJobSecret(secret: Buffer, sealed: SealedJobSecret): string {
  return open(jobSecretKey(secret), sealed);
}
