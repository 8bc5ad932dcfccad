import { API_KEY_PREFIX } from '@core/api/api-keys';
import { randomToken, sha256Hex } from '../platform/crypto/keys';

/** A new key: the prefix and 256 random bits (base64url), which leave the server once. */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  return { key, hash: apiKeyHash(key), prefix: key.slice(0, API_KEY_PREFIX.length + 4) };
}

/**
 * What the database keeps of a key. A plain SHA-256 suffices for 256 random bits: nothing is
 * left to guess, so a slow or salted hash would only add cost per request (docs/decisions/0090).
 */
export const apiKeyHash = (key: string) => sha256Hex(key);
