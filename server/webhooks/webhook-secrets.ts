import crypto from 'node:crypto';
import { deriveKey } from '../platform/crypto/keys';
import { open, seal } from '../platform/crypto/secret-box';

const PREFIX = 'whsec_';
const sealKeyOf = (secret: Buffer) => deriveKey(secret, 'webhook-secret');

/** A new signing secret as Standard Webhooks writes it: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () => `${PREFIX}${crypto.randomBytes(24).toString('base64')}`;

export const sealWebhookSecret = (master: Buffer, webhookSecret: string) => seal(sealKeyOf(master), webhookSecret);
export const openWebhookSecret = (master: Buffer, sealed: string) => open(sealKeyOf(master), sealed);

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` for each
 * secret that signs now (two during a rotation), separated by spaces.
 */
export function signatureHeader(secrets: string[], webhookId: string, timestampSeconds: number, body: string): string {
  const signed = `${webhookId}.${timestampSeconds}.${body}`;
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
      return `v1,${crypto.createHmac('sha256', key).update(signed).digest('base64')}`;
    })
    .join(' ');
}
