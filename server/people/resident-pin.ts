import { pinHeldByDeliveryPass } from '../delivery/delivery-pass-pins';
import { assignSecurePin, randomPin } from '../gate-credentials/secure-pin';
import type { Queryable } from '../platform/db/connect';

/** A fresh Secure PIN for a person, unique among the property's residents and live delivery passes. */
export function assignResidentPin(
  db: Queryable,
  secret: Buffer,
  user: { userId: string; propertyId: string },
  nextPin: () => string = randomPin,
) {
  return assignSecurePin(db, secret, user, pinHeldByDeliveryPass, nextPin);
}
