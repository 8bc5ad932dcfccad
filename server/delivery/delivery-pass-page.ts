import type { DeliveryPassPageDto } from '@core/api/delivery-passes';
import { readableInstant } from '@core/validity/window-words';
import type { Queryable } from '../db/connect';
import { qrImageOf } from '../passes/qr-image';
import { findProperty } from '../properties/property-repository';
import { type DeliveryPassRow, deliveryPassSecrets, findDeliveryPassByLink, stateOf } from './delivery-pass-store';

/** The pass a courier's link names, with its property; null when there is none. */
export async function findDeliveryPage(db: Queryable, linkToken: string) {
  const pass = await findDeliveryPassByLink(db, linkToken);
  const property = pass && (await findProperty(db, pass.propertyId));
  return pass && property ? { pass, property } : null;
}

/** What the courier's page shows now: the QR and guest PIN only while the pass still opens the gate. */
export async function deliveryPassPage(
  secret: Buffer,
  {
    pass,
    property,
  }: { pass: DeliveryPassRow; property: { propertyName: string; propertyLocation: string; timeZone: string } },
  now: Date,
): Promise<DeliveryPassPageDto> {
  const state = stateOf(pass, now);
  const { pin, code } = deliveryPassSecrets(secret, pass);
  const live = state === 'valid';
  return {
    name: pass.name,
    company: pass.company,
    propertyName: property.propertyName,
    propertyLocation: property.propertyLocation,
    timeZone: property.timeZone,
    until: readableInstant(pass.endsAt, property.timeZone),
    state,
    usesLeft: Math.max(0, pass.usesAllowed - pass.usesTaken),
    usesAllowed: pass.usesAllowed,
    pin: live ? pin : null,
    qrImage: live ? await qrImageOf(code) : null,
  };
}
