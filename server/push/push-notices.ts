import type { PushPayload } from '@core/api/push';
import { PUSH_MESSAGES } from '@core/api/push-messages';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Orm, Queryable } from '../platform/db/connect';
import { deliveryPasses, devices, properties, pushSubscriptions, qrCodes } from '../platform/db/schema';
import type { PlatformDeps } from '../platform/deps';
import { jobKind } from '../platform/jobs/job-kind';
import type { JobQueue } from '../platform/jobs/job-queue';
import { type NotificationContext, skipped } from '../platform/jobs/notification-context';
import { sendPush } from '../platform/push/push-sender';
import { openTarget, subscriptionIdsOf } from './push-subscriptions';

/** What happened, by reference: the sentence is written from the rows when the push is sent. */
const pushNotice = z.discriminatedUnion('event', [
  z.strictObject({ event: z.literal('visitor-arrived'), qrCodeId: z.uuid(), deviceId: z.uuid() }),
  z.strictObject({ event: z.literal('delivery-used'), passId: z.uuid(), deviceId: z.uuid() }),
  z.strictObject({ event: z.enum(['device-offline', 'device-online']), deviceId: z.uuid() }),
]);
export type PushNotice = z.output<typeof pushNotice>;

/** One push to one subscribed device; a device that fails is retried alone, the others are not sent again. */
export const pushNoticeJob = jobKind('push-notice', z.strictObject({ subscriptionId: z.uuid(), notice: pushNotice }));

/** Queues the notice to every subscribed device of these people who keep push on. */
export async function queuePushNotice(
  deps: Pick<PlatformDeps, 'jobs'>,
  db: Queryable,
  userIds: string[],
  notice: PushNotice,
) {
  const ids = await subscriptionIdsOf(db, userIds);
  await deps.jobs.enqueueMany(
    db,
    pushNoticeJob,
    ids.map((subscriptionId) => ({ subscriptionId, notice })),
  );
  if (ids.length) void deps.jobs.kick();
}

async function gateName(db: Orm, deviceId: string) {
  const [device] = await db
    .select({ deviceName: devices.deviceName, propertyName: properties.propertyName })
    .from(devices)
    .innerJoin(properties, eq(properties.id, devices.propertyId))
    .where(eq(devices.id, deviceId));
  return device;
}

/** The sentence and the screen a tap opens; null when what it is about is gone. */
async function renderNotice(db: Orm, notice: PushNotice): Promise<PushPayload | null> {
  const device = await gateName(db, notice.deviceId);
  if (!device) return null;
  if (notice.event === 'visitor-arrived') {
    const [code] = await db
      .select({ firstName: qrCodes.qrFirstName })
      .from(qrCodes)
      .where(eq(qrCodes.id, notice.qrCodeId));
    if (!code) return null;
    return { body: PUSH_MESSAGES.visitorArrived(code.firstName, device.deviceName), url: '/visitor-list' };
  }
  if (notice.event === 'delivery-used') {
    const [pass] = await db
      .select({ name: deliveryPasses.name, company: deliveryPasses.company })
      .from(deliveryPasses)
      .where(eq(deliveryPasses.id, notice.passId));
    if (!pass) return null;
    const who = [pass.name, pass.company].filter(Boolean).join(', ') || 'a delivery';
    return { body: PUSH_MESSAGES.deliveryUsed(who, device.deviceName), url: '/' };
  }
  const sentence = notice.event === 'device-offline' ? PUSH_MESSAGES.deviceOffline : PUSH_MESSAGES.deviceOnline;
  return { body: sentence(device.deviceName, device.propertyName), url: '/dashboard' };
}

export function registerPushNoticeJob(queue: JobQueue, context: NotificationContext) {
  queue.register(pushNoticeJob, async (payload, running) => {
    const [subscription] = await context.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, payload.subscriptionId));
    if (!subscription) return skipped(context, running, pushNoticeJob.name, 'the device unsubscribed');
    const message = await renderNotice(context.db, payload.notice);
    if (!message) return skipped(context, running, pushNoticeJob.name, 'what it was about is gone');
    const target = openTarget(context.secret, subscription.subscriptionSealed);
    const outcome = await sendPush(context.vapid, target, JSON.stringify(message), running.signal);
    if (outcome === 'gone') {
      await context.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      return skipped(context, running, pushNoticeJob.name, 'the push service says the device unsubscribed');
    }
    await context.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: context.now() })
      .where(eq(pushSubscriptions.id, subscription.id));
  });
}
