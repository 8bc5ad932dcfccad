import { readableTime } from '@core/time/readable-time';
import { z } from 'zod';
import { findPerson } from '../accounts/account-store';
import { findDevice } from '../device-records/device-store';
import type { PlatformDeps } from '../platform/deps';
import { jobKind } from '../platform/jobs/job-kind';
import type { JobQueue } from '../platform/jobs/job-queue';
import { type NotificationContext, queueNotice, sendOptionsOf, skipped } from '../platform/jobs/notification-context';
import { queuePushNotice } from '../push/push-notices';
import { type DeliveryPassRow, findDeliveryPassWithPeople, usesLeftOf } from './delivery-pass-queries';

/** "Your delivery pass was used", by email and/or SMS, written from the pass and the gate when sent. */
export const deliveryUseNoticeJob = jobKind(
  'delivery-use-notice',
  z.strictObject({ channel: z.enum(['email', 'sms']), passId: z.uuid(), deviceId: z.uuid(), at: z.iso.datetime() }),
);

/** Each use that opened the gate, when the creator asked to be told: on their chosen channels. */
export async function queueDeliveryUseNotice(
  deps: Pick<PlatformDeps, 'db' | 'jobs'>,
  pass: DeliveryPassRow,
  deviceId: string,
  at: Date,
) {
  if (!pass.notify) return;
  const creator = await findPerson(deps.db, pass.createdBy);
  if (creator)
    await queueNotice(deps, deliveryUseNoticeJob, creator, { passId: pass.id, deviceId, at: at.toISOString() });
  await queuePushNotice(deps, deps.db, [pass.createdBy], { event: 'delivery-used', passId: pass.id, deviceId });
}

export function registerDeliveryUseNoticeJob(queue: JobQueue, context: NotificationContext) {
  queue.register(deliveryUseNoticeJob, async (payload, running) => {
    const found = await findDeliveryPassWithPeople(context.db, payload.passId);
    if (!found) return skipped(context, running, deliveryUseNoticeJob.name, 'the pass is gone');
    const device = await findDevice(context.db, payload.deviceId);
    const { pass, property, creator } = found;
    const who = [pass.name, pass.company].filter(Boolean).join(', ') || 'a delivery';
    const place = device ? `${property.propertyName} (${device.deviceName})` : property.propertyName;
    const when = readableTime(payload.at, property.timeZone);
    const text = `Your delivery pass for ${who} was used at ${place} on ${when}. Uses left: ${usesLeftOf(pass)} of ${pass.usesAllowed}.`;
    if (payload.channel === 'email') {
      const message = { to: creator.email, subject: 'Your delivery pass was used', text };
      return context.sendMail(message, sendOptionsOf(running));
    }
    if (!creator.phoneNumber) return skipped(context, running, deliveryUseNoticeJob.name, 'no phone number');
    await context.sendSms({ to: creator.phoneNumber, body: text }, sendOptionsOf(running));
  });
}
