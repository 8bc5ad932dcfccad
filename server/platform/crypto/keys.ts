import crypto from 'node:crypto';

/** A purpose-bound key derived from the master secret, so one leak does not expose the others. */
export function deriveKey(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), `gatehouse:${purpose}`, 32));
}

export function sha256Hex(value: string): string {
  return crypto.hash('sha256', value, 'hex');
}

export function hmacHex(key: Buffer, value: string): string {
  return crypto.createHmac('sha256', key).update(value).digest('hex');
}

/** An unguessable token for links, QR codes and device keys (256 bits, URL-safe). */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
