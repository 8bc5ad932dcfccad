import { WALLET_MESSAGES } from '@core/api/wallet';
import type { AppleWalletConfig } from '../platform/settings/config';
import { appleWebService } from './apple-web-service';
import { isoInZone } from './wallet-dates';
import type { WalletPass } from './wallet-pass';

const field = (key: string, label: string, value: string) => ({ key, label, value });

/**
 * The pass.json of a wallet pass: a generic pass with the QR the gate reads, the holder, the
 * property and the window; relevant at its start, expiring at its end; voided, with no QR, once
 * the pass no longer opens the gate.
 */
export function applePassJson(
  pass: WalletPass,
  apple: Pick<AppleWalletConfig, 'passTypeId' | 'teamId'>,
  web: { secret: Buffer; appUrl: string },
) {
  const { propertyName, propertyLocation, timeZone } = pass.property;
  const voided = pass.code === null;
  return {
    formatVersion: 1,
    passTypeIdentifier: apple.passTypeId,
    teamIdentifier: apple.teamId,
    serialNumber: pass.serial,
    organizationName: propertyName,
    description: `${pass.title} for ${propertyName}`,
    logoText: propertyName,
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(214, 238, 242)',
    backgroundColor: 'rgb(11, 114, 133)',
    ...appleWebService(web.secret, web.appUrl, pass.serial),
    relevantDate: isoInZone(pass.startsAt, timeZone),
    ...(pass.endsAt ? { expirationDate: isoInZone(pass.endsAt, timeZone) } : {}),
    voided,
    barcodes: pass.code ? [{ format: 'PKBarcodeFormatQR', message: pass.code, messageEncoding: 'iso-8859-1' }] : [],
    generic: {
      headerFields: voided ? [field('state', 'Pass', WALLET_MESSAGES.noLongerValid)] : [],
      primaryFields: [field('holder', pass.title, pass.holder)],
      secondaryFields: [field('window', 'Valid', pass.window)],
      auxiliaryFields: [field('property', 'Property', propertyName)],
      backFields: [
        field('address', 'Address', propertyLocation),
        field('zone', 'Times', `Local time at the property (${timeZone}).`),
        field('howto', 'At the gate', 'Show the QR code to the gate reader. Turn your screen brightness up.'),
      ],
    },
  };
}
