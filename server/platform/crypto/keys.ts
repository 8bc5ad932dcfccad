import crypto from 'node:crypto';

const derived = new WeakMap<Buffer, Map<string, Buffer>>();

/**
 * A purpose-bound key derived from the master secret, so one leak does not expose the others.
 * Derived once per secret and purpose (HKDF-SHA256, info `gatehouse:<purpose>`); callers must not
 * modify the returned bytes.
 */
export function deriveKey(secret: Buffer, purpose: string): Buffer {
  let keys = derived.get(secret);
  if (!keys) {
    keys = new Map();
    derived.set(secret, keys);
  }
  let key = keys.get(purpose);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), `gatehouse:${purpose}`, 32));
    keys.set(purpose, key);
  }
  return key;
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
