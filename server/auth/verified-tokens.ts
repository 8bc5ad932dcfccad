import type { SessionTokenClaims as TokenClaims } from './tokens';

const MAX_TOKENS = 10_000;

/**
 * Tokens whose signature was already checked, so a signed-in user's every call does not redo the
 * signature check. Only the signature is remembered: whether the token's session still stands
 * is read from the database on each call, and expiry is rechecked on every call.
 */
export class VerifiedTokens {
  private readonly byToken = new Map<string, TokenClaims>();

  claimsOf(token: string, nowSeconds: number): TokenClaims | undefined {
    const known = this.byToken.get(token);
    if (!known) return undefined;
    // The same rule as the signature check: a token is expired from its `exp` second on.
    if (known.exp <= nowSeconds) {
      this.byToken.delete(token);
      return undefined;
    }
    return known;
  }

  remember(token: string, claims: TokenClaims) {
    if (this.byToken.size >= MAX_TOKENS) this.byToken.clear();
    this.byToken.set(token, claims);
  }
}
