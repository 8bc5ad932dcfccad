import { PUSH_MESSAGES } from '@core/api/push-messages';
import { eq } from 'drizzle-orm';
import { deviceWithPropertyOf } from '../device-records/device-places';
import type { PushNotice, PushRenderer } from '../push/push-notice-text';
import { deliveryPasses } from './delivery-tables';

/** "Your delivery pass was used": who the pass names and the gate it opened. */
export const renderDeliveryUsed: PushRenderer<Extract<PushNotice, { event: 'delivery-used' }>> = async (db, notice) => {
  const device = await deviceWithPropertyOf(db, notice.deviceId);
  if (!device) return null;
  const [pass] = await db
    .select({ name: deliveryPasses.name, company: deliveryPasses.company })
    .from(deliveryPasses)
    .where(eq(deliveryPasses.id, notice.passId));
  if (!pass) return null;
  const who = [pass.name, pass.company].filter(Boolean).join(', ') || 'a delivery';
  return { body: PUSH_MESSAGES.deliveryUsed(who, device.deviceName), url: '/' };
};
