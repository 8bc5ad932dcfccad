import type { TokenClaims } from '@core/api/auth';

const MAX_TOKENS = 10_000;

interface Verified {
  userId: string;
  tokenVersion: number;
  claims: TokenClaims;
}

/**
 * Tokens whose signature was already checked, so a signed-in user's every call does not redo the
 * signature check. An entry only answers for the same user at the same token version (read fresh
 * from the database on each call), so a revoked token is refused at once; expiry is rechecked on
 * every call.
 */
export class VerifiedTokens {
  private readonly byToken = new Map<string, Verified>();

  claimsOf(token: string, userId: string, tokenVersion: number, nowSeconds: number): TokenClaims | undefined {
    const known = this.byToken.get(token);
    if (!known || known.userId !== userId || known.tokenVersion !== tokenVersion) return undefined;
    // The same rule as the signature check: a token is expired from its `exp` second on.
    if (known.claims.exp <= nowSeconds) {
      this.byToken.delete(token);
      return undefined;
    }
    return known.claims;
  }

  remember(token: string, verified: Verified) {
    if (this.byToken.size >= MAX_TOKENS) this.byToken.clear();
    this.byToken.set(token, verified);
  }
}
