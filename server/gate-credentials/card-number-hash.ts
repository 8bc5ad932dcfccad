import type { CardNumber } from '@core/cards/card-number';
import { deriveKey, hmacHex } from '../platform/crypto/keys';

/**
 * Where a card is found: an HMAC of its normalised number bound to the property, so the number is
 * not stored and the same card at two properties cannot be linked.
 */
export function cardLookupHash(secret: Buffer, propertyId: string, card: CardNumber): string {
  return hmacHex(deriveKey(secret, 'card-lookup'), `${propertyId}:${card.key}`);
}
