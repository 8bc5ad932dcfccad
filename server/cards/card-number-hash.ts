import type { CardNumber } from '@core/cards/card-number';
import { deriveKey, hmacHex } from '../platform/crypto/keys';

const keys = new WeakMap<Buffer, Buffer>();

/**
 * Where a card is found: an HMAC of its normalised number bound to the property, so the number is
 * not stored and the same card at two properties cannot be linked.
 */
export function cardLookupHash(secret: Buffer, propertyId: string, card: CardNumber): string {
  let key = keys.get(secret);
  if (!key) {
    key = deriveKey(secret, 'card-lookup');
    keys.set(secret, key);
  }
  return hmacHex(key, `${propertyId}:${card.key}`);
}
