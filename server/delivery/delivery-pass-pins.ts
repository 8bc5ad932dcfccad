import { and, eq } from 'drizzle-orm';
import type { PinHeldElsewhere } from '../gate-credentials/secure-pin';
import { deliveryPasses } from './delivery-tables';

/** Whether a delivery pass of the property holds this PIN (until its PIN is freed, after it ended). */
export const pinHeldByDeliveryPass: PinHeldElsewhere = async (db, propertyId, lookupHmac) => {
  const [found] = await db
    .select({ id: deliveryPasses.id })
    .from(deliveryPasses)
    .where(and(eq(deliveryPasses.propertyId, propertyId), eq(deliveryPasses.pinLookup, lookupHmac)))
    .limit(1);
  return Boolean(found);
};
