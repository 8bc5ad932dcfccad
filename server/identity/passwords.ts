import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

// @node-rs/argon2's Algorithm is a const enum, which isolated modules cannot read: Argon2id is 2.
const ARGON2ID = 2;

/** OWASP's argon2id recommendation: 19 MiB of memory, two passes, one lane. */
export const ARGON2_MEMORY_KIB = 19_456;
const ARGON2_PASSES = 2;

const argon2Options = (memoryKib: number) => ({
  algorithm: ARGON2ID,
  memoryCost: memoryKib,
  timeCost: ARGON2_PASSES,
  parallelism: 1,
});

/** argon2id in PHC form ($argon2id$v=19$m=...,t=...,p=...$salt$hash); the parameters travel with it. */
export function hashPassword(password: string, memoryKib: number): Promise<string> {
  return argon2Hash(password, argon2Options(memoryKib));
}

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** Hashes made before argon2id: `scrypt$<log2 N>$salt$hash`, r = 8, p = 1. Verified, then upgraded. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, costText, saltText, hashText] = stored.split('$');
  if (!saltText || !hashText) return false;
  const N = 2 ** Number(costText);
  const expected = Buffer.from(hashText, 'base64');
  const actual = await scrypt(password, Buffer.from(saltText, 'base64'), expected.length, {
    N,
    r: 8,
    p: 1,
    maxmem: 256 * N * 8,
  });
  return crypto.timingSafeEqual(actual, expected);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2id$')) return argon2Verify(stored, password).catch(() => false);
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  return false;
}

/** True when a stored hash is not argon2id at today's strength: sign-in then stores a fresh one. */
export function needsRehash(stored: string, memoryKib: number): boolean {
  return !stored.startsWith(`$argon2id$v=19$m=${memoryKib},t=${ARGON2_PASSES},p=1$`);
}

const dummyHashes = new Map<number, Promise<string>>();

/** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string, memoryKib: number): Promise<false> {
  if (!dummyHashes.has(memoryKib)) dummyHashes.set(memoryKib, hashPassword('not-a-real-password', memoryKib));
  await verifyPassword(password, await dummyHashes.get(memoryKib)!);
  return false;
}
