import type { TokenClaims } from '@core/api/auth';
import { PROPERTY_FEATURES, type PropertyFeature } from '@core/constants';
import { isRole } from '@core/roles';

const isFeature = (value: unknown): value is PropertyFeature => PROPERTY_FEATURES.includes(value as PropertyFeature);

/**
 * The claims of a token, or null when it cannot be read. The server checks the signature and the
 * claims (zod, `tokenClaims`); the browser only checks the shape its screens rely on, by hand,
 * because zod would add 14 kB (gzip) to every page's first download.
 */
export function decodeClaims(token: string): TokenClaims | null {
  try {
    const payload = token.split('.')[1];
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const { role, exp, PID, UID, _id, propertyFeatures } = claims ?? {};
    const readable =
      isRole(role) &&
      typeof exp === 'number' &&
      (PID === null || typeof PID === 'string') &&
      typeof UID === 'string' &&
      typeof _id === 'string' &&
      Array.isArray(propertyFeatures) &&
      propertyFeatures.every(isFeature);
    return readable ? { role, exp, PID, UID, _id, propertyFeatures } : null;
  } catch {
    return null;
  }
}

export function secondsRemaining(claims: TokenClaims, nowMs = Date.now()): number {
  return claims.exp - Math.floor(nowMs / 1000);
}
