import crypto from 'node:crypto';
import { tokenClaims } from '@core/api/auth';
import type { PropertyFeature } from '@core/constants';
import type { Role } from '@core/roles';
import * as jose from 'jose';
import { z } from 'zod';
import { deriveKey } from '../platform/crypto/keys';

/** The client's claims (docs/SPEC.md §3) and the server-side session the token belongs to, which the client ignores. */
export const sessionTokenClaims = tokenClaims.extend({ sid: z.string() });
export type SessionTokenClaims = z.infer<typeof sessionTokenClaims>;

export interface TokenSubject {
  id: string;
  role: Role;
  propertyId: string | null;
  propertyFeatures: PropertyFeature[];
  /** The session the token belongs to; the server refuses the token once it has ended. */
  sessionId: string;
  /** The session's absolute end: no token of it outlives this. */
  sessionExpiresAt: Date;
}

/**
 * Signs and checks session tokens. A token carries the claims of docs/SPEC.md §3 plus `sid`, its
 * session; whether that session still stands is the database's answer (see callerFromToken),
 * so revoking is ending a row, never rotating keys.
 */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: Buffer,
    private readonly lifetimeSeconds: number,
    private readonly now: () => Date,
  ) {
    this.key = deriveKey(secret, 'session-token');
  }

  async issue(subject: TokenSubject): Promise<string> {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    const sessionEnd = Math.floor(subject.sessionExpiresAt.getTime() / 1000);
    const claims: SessionTokenClaims = {
      role: subject.role,
      exp: Math.min(nowSeconds + this.lifetimeSeconds, sessionEnd),
      PID: subject.propertyId,
      UID: subject.id,
      _id: subject.id,
      propertyFeatures: subject.propertyFeatures,
      sid: subject.sessionId,
    };
    // A fresh id makes every token distinct, so a refresh always rotates it.
    return new jose.SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(crypto.randomUUID())
      .sign(this.key);
  }

  /** Verified claims, or null for a tampered, expired or malformed token (its session is not checked here). */
  async verify(token: string): Promise<SessionTokenClaims | null> {
    try {
      const { payload } = await jose.jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.now(),
        requiredClaims: ['exp'],
      });
      const claims = sessionTokenClaims.safeParse(payload);
      return claims.success ? claims.data : null;
    } catch {
      return null;
    }
  }
}
