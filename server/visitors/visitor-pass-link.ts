import { deriveKey, randomToken, sha256Hex } from '../platform/crypto/keys';
import { open, seal } from '../platform/crypto/secret-box';

const keyOf = (secret: Buffer) => deriveKey(secret, 'pass-page');

/**
 * A visitor's pass page link: its own random token (stored hashed for lookup, and sealed so its
 * owner can copy or send it again later), and the gate token sealed so the page can draw the QR.
 * Knowing the link shows the pass; the link is not the gate token.
 */
export function newPassLink(secret: Buffer, gateToken: string) {
  const linkToken = randomToken();
  return {
    linkToken,
    columns: {
      passLinkHash: sha256Hex(linkToken),
      passLinkSealed: seal(keyOf(secret), linkToken),
      tokenSealed: seal(keyOf(secret), gateToken),
    },
  };
}

export const passLinkHashOf = (linkToken: string) => sha256Hex(linkToken);

export const openGateToken = (secret: Buffer, sealed: string) => open(keyOf(secret), sealed);

/** A pass's page address, or null for a pass made before its link was kept sealed. */
export const storedPassUrl = (secret: Buffer, appUrl: string, code: { passLinkSealed: string | null }) =>
  code.passLinkSealed ? passPageUrl(appUrl, open(keyOf(secret), code.passLinkSealed)) : null;

/** A pass's page link token, or null for a pass made before its link was kept sealed. */
export const openPassLink = (secret: Buffer, code: { passLinkSealed: string | null }) =>
  code.passLinkSealed ? open(keyOf(secret), code.passLinkSealed) : null;

export const passPageUrl = (appUrl: string, linkToken: string) => `${appUrl}/pass/${linkToken}`;
