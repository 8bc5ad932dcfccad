import { type TokenClaims, tokenClaims } from '@core/api/auth';

/** The claims of a token, or null when it cannot be read. The server checks the signature. */
export function decodeClaims(token: string): TokenClaims | null {
  try {
    const payload = token.split('.')[1];
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = tokenClaims.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function secondsRemaining(claims: TokenClaims, nowMs = Date.now()): number {
  return claims.exp - Math.floor(nowMs / 1000);
}
