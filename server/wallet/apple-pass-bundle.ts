import { PKPass } from 'passkit-generator';
import type { AppleWalletConfig } from '../platform/settings/config';
import { applePassJson } from './apple-pass-json';
import { applePassImages } from './wallet-images';
import type { WalletPass } from './wallet-pass';

export const PKPASS_TYPE = 'application/vnd.apple.pkpass';

/**
 * The signed .pkpass of a wallet pass: pass.json, the images, manifest.json (SHA-1 of each file)
 * and its detached PKCS#7 signature by the pass certificate with Apple's WWDR intermediate.
 */
export function applePassBundle(
  pass: WalletPass,
  apple: AppleWalletConfig,
  web: { secret: Buffer; appUrl: string },
): Buffer {
  const passJson = applePassJson(pass, apple, web);
  const bundle = new PKPass(
    { 'pass.json': Buffer.from(JSON.stringify(passJson)), ...applePassImages() },
    { wwdr: apple.wwdrCertificate, signerCert: apple.certificate, signerKey: apple.privateKey },
  );
  // The library drops a pass.json its schema refuses with only a console warning: a pass without it is no pass.
  if (bundle.props.serialNumber !== pass.serial) throw new Error('passkit-generator refused the pass.json');
  return bundle.getAsBuffer();
}
