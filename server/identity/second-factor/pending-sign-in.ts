import * as jose from 'jose';
import { deriveKey } from '../../platform/crypto/keys';

const PURPOSE = 'second-factor';
/** How long a user has to enter the second factor after the password. */
export const PENDING_SIGN_IN_SECONDS = 300;

/**
 * A short-lived proof that the password was right, good only for the second-factor step: signed
 * with its own key and purpose, so it is never accepted as a session token, nor one as it.
 */
export class PendingSignIns {
  private readonly key: Uint8Array;

  constructor(
    secret: Buffer,
    private readonly now: () => Date,
  ) {
    this.key = deriveKey(secret, 'pending-sign-in');
  }

  issue(userId: string): Promise<string> {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    return new jose.SignJWT({ UID: userId, purpose: PURPOSE })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(nowSeconds + PENDING_SIGN_IN_SECONDS)
      .sign(this.key);
  }

  /** The user whose password was checked, or null for a forged, expired or other token. */
  async userOf(token: string): Promise<string | null> {
    try {
      const { payload } = await jose.jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: this.now() });
      return payload.purpose === PURPOSE && typeof payload.UID === 'string' ? payload.UID : null;
    } catch {
      return null;
    }
  }
}
