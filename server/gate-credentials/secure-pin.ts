import crypto from 'node:crypto';
import { isTrivialPin, SECURE_PIN_DIGITS } from '@core/pins/trivial-pin';
import { personWithPinHmac, setSecurePin } from '../accounts/account-store';
import { deriveKey, hmacHex } from '../platform/crypto/keys';
import { open, seal } from '../platform/crypto/secret-box';
import type { Queryable } from '../platform/db/connect';
import { isUniqueViolation } from '../platform/db/unique-violation';

const MAX_ATTEMPTS = 50;

export interface PinKeys {
  sealKey: Buffer;
  lookupKey: Buffer;
}

/** The two purpose-bound keys of secure PINs: one encrypts, one makes the lookup HMAC. */
export function pinKeys(secret: Buffer): PinKeys {
  return { sealKey: deriveKey(secret, 'secure-pin'), lookupKey: deriveKey(secret, 'secure-pin-lookup') };
}

/** A uniformly random 6-digit PIN that is not trivial to guess. */
export function randomPin(): string {
  for (;;) {
    const pin = crypto
      .randomInt(0, 10 ** SECURE_PIN_DIGITS)
      .toString()
      .padStart(SECURE_PIN_DIGITS, '0');
    if (!isTrivialPin(pin)) return pin;
  }
}

/** Bound to the property, so equal PINs in two properties cannot be linked through the HMAC. */
export function pinLookupHmac(secret: Buffer, propertyId: string, pin: string): string {
  return hmacHex(pinKeys(secret).lookupKey, `${propertyId}:${pin}`);
}

export function readSecurePin(secret: Buffer, encrypted: string | null): string | null {
  return encrypted ? open(pinKeys(secret).sealKey, encrypted) : null;
}

/**
 * Whether another holder of the property's PINs holds this one (a delivery pass, until its PIN is
 * freed after it ended): given by the caller, since those holders sit above gate credentials.
 */
export type PinHeldElsewhere = (db: Queryable, propertyId: string, lookupHmac: string) => Promise<boolean>;

/**
 * Gives a user a fresh PIN unique within their property and returns it. Each try runs in its own
 * savepoint, so a collision (the users_property_pin_unique index) is retried with a new PIN
 * without aborting the caller's transaction.
 */
export async function assignSecurePin(
  db: Queryable,
  secret: Buffer,
  user: { userId: string; propertyId: string },
  heldElsewhere: PinHeldElsewhere,
  nextPin: () => string = randomPin,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const pin = nextPin();
    const held = await heldElsewhere(db, user.propertyId, pinLookupHmac(secret, user.propertyId, pin));
    if (held && attempt < MAX_ATTEMPTS) continue;
    try {
      await db.transaction(async (savepoint) => {
        await setSecurePin(savepoint, user.userId, {
          sealed: seal(pinKeys(secret).sealKey, pin),
          lookupHmac: pinLookupHmac(secret, user.propertyId, pin),
        });
      });
      return pin;
    } catch (error) {
      if (!isUniqueViolation(error, 'users_property_pin_unique') || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** The user of a property whose PIN this is, if any. */
export async function findUserByPin(db: Queryable, secret: Buffer, propertyId: string, pin: string) {
  return personWithPinHmac(db, propertyId, pinLookupHmac(secret, propertyId, pin));
}
