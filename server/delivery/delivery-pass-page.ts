import type { DeliveryPassPageDto } from '@core/api/delivery-passes';
import type { WalletLinks } from '@core/api/wallet';
import { readableTime } from '@core/time/readable-time';
import { qrImageOf } from '../platform/images/qr-image';
import { type DeliveryPassRow, deliveryPassSecrets, stateOf, usesLeftOf } from './delivery-pass-queries';

/** What the courier's page shows now: the QR and guest PIN only while the pass still opens the gate. */
export async function deliveryPassPage(
  secret: Buffer,
  {
    pass,
    property,
  }: { pass: DeliveryPassRow; property: { propertyName: string; propertyLocation: string; timeZone: string } },
  now: Date,
): Promise<Omit<DeliveryPassPageDto, keyof WalletLinks>> {
  const state = stateOf(pass, now);
  const { pin, code } = deliveryPassSecrets(secret, pass);
  const live = state === 'valid';
  return {
    name: pass.name,
    company: pass.company,
    propertyName: property.propertyName,
    propertyLocation: property.propertyLocation,
    timeZone: property.timeZone,
    until: readableTime(pass.endsAt, property.timeZone),
    state,
    usesLeft: usesLeftOf(pass),
    usesAllowed: pass.usesAllowed,
    pin: live ? pin : null,
    qrImage: live ? await qrImageOf(code) : null,
  };
}
