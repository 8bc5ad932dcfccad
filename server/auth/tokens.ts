import { type TokenClaims, tokenClaims } from '@core/api/auth';
import type { PropertyFeature } from '@core/constants';
import type { Role } from '@core/roles';
import * as jose from 'jose';
import { deriveKey, hmacHex } from '../crypto/keys';
import { VerifiedTokens } from './verified-tokens';

export interface TokenSubject {
  id: string;
  role: Role;
  propertyId: string | null;
  propertyFeatures: PropertyFeature[];
  tokenVersion: number;
}

/**
 * Each user's tokens are signed with a key bound to their token version, so bumping the version
 * (password change, deletion) revokes every earlier token while the claims stay exactly those of
 * SPEC §3.
 */
export class TokenService {
  private readonly baseKey: Buffer;
  private readonly verified = new VerifiedTokens();

  constructor(
    secret: Buffer,
    private readonly lifetimeSeconds: number,
    private readonly now: () => Date,
  ) {
    this.baseKey = deriveKey(secret, 'session-token');
  }

  private keyFor(userId: string, tokenVersion: number): Uint8Array {
    return Buffer.from(hmacHex(this.baseKey, `${userId}:${tokenVersion}`), 'hex');
  }

  async issue(subject: TokenSubject): Promise<string> {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const claims: TokenClaims = {
      role: subject.role,
      exp: nowSeconds + this.lifetimeSeconds,
      PID: subject.propertyId,
      UID: subject.id,
      _id: subject.id,
      propertyFeatures: subject.propertyFeatures,
    };
    return new jose.SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(this.keyFor(subject.id, subject.tokenVersion));
  }

  /** The user id a token claims, read before its signature is checked (to find the signing key). */
  claimedUserId(token: string): string | null {
    try {
      const uid = jose.decodeJwt(token).UID;
      return typeof uid === 'string' ? uid : null;
    } catch {
      return null;
    }
  }

  /** Verified claims, or null for a tampered, expired, revoked or malformed token. */
  async verify(token: string, userId: string, tokenVersion: number): Promise<TokenClaims | null> {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const known = this.verified.claimsOf(token, userId, tokenVersion, nowSeconds);
    if (known) return known;
    try {
      const { payload } = await jose.jwtVerify(token, this.keyFor(userId, tokenVersion), {
        algorithms: ['HS256'],
        currentDate: this.now(),
        requiredClaims: ['exp'],
      });
      const claims = tokenClaims.safeParse(payload);
      if (!claims.success || claims.data.UID !== userId) return null;
      this.verified.remember(token, { userId, tokenVersion, claims: claims.data });
      return claims.data;
    } catch {
      return null;
    }
  }
}
