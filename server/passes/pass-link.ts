import { deriveKey, randomToken, sha256Hex } from '../platform/crypto/keys';
import { open, seal } from '../platform/crypto/secret-box';

const keyOf = (secret: Buffer) => deriveKey(secret, 'pass-page');

/**
 * A visitor's pass page link: its own random token (stored hashed), and the gate token sealed so
 * the page can draw the QR. Knowing the link shows the pass; the link is not the gate token.
 */
export function newPassLink(secret: Buffer, gateToken: string) {
  const linkToken = randomToken();
  return {
    linkToken,
    columns: { passLinkHash: sha256Hex(linkToken), tokenSealed: seal(keyOf(secret), gateToken) },
  };
}

export const passLinkHashOf = (linkToken: string) => sha256Hex(linkToken);

export const openGateToken = (secret: Buffer, sealed: string) => open(keyOf(secret), sealed);

export const passPageUrl = (appUrl: string, linkToken: string) => `${appUrl}/pass/${linkToken}`;
