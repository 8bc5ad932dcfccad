import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;

function options(cost: number): crypto.ScryptOptions {
  const N = 2 ** cost;
  return { N, r: BLOCK_SIZE, p: 1, maxmem: 256 * N * BLOCK_SIZE };
}

/** scrypt with N = 2^cost, r = 8, p = 1; the parameters travel with the hash. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, options(cost));
  return `scrypt$${cost}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, costText, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const actual = await scrypt(password, Buffer.from(saltText, 'base64'), expected.length, options(Number(costText)));
  return crypto.timingSafeEqual(actual, expected);
}

const dummyHashes = new Map<number, Promise<string>>();

/** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string, cost: number): Promise<false> {
  if (!dummyHashes.has(cost)) dummyHashes.set(cost, hashPassword('not-a-real-password', cost));
  await verifyPassword(password, await dummyHashes.get(cost)!);
  return false;
}
