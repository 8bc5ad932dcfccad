import { PUSH_MESSAGES } from '@core/api/push-messages';
import { eq } from 'drizzle-orm';
import { deviceWithPropertyOf } from '../device-records/device-places';
import type { PushNotice, PushRenderer } from '../push/push-notice-text';
import { qrCodes } from './visitor-tables';

/** "Your visitor arrived": the visitor's first name and the gate they came through. */
export const renderVisitorArrived: PushRenderer<Extract<PushNotice, { event: 'visitor-arrived' }>> = async (
  db,
  notice,
) => {
  const device = await deviceWithPropertyOf(db, notice.deviceId);
  if (!device) return null;
  const [code] = await db
    .select({ firstName: qrCodes.qrFirstName })
    .from(qrCodes)
    .where(eq(qrCodes.id, notice.qrCodeId));
  if (!code) return null;
  return { body: PUSH_MESSAGES.visitorArrived(code.firstName, device.deviceName), url: '/visitor-list' };
};
