import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { PushSwitch } from '../accounts/account-store';
import type { Queryable } from '../platform/db/connect';
import type { PlatformDeps } from '../platform/deps';
import { jobKind } from '../platform/jobs/job-kind';
import type { JobQueue } from '../platform/jobs/job-queue';
import { type NotificationContext, skipped } from '../platform/jobs/notification-context';
import { sendPush } from '../platform/push/push-sender';
import { type PushNotice, type PushRenderers, pushNotice, renderNotice } from './push-notice-text';
import { openTarget, subscriptionIdsOf } from './push-subscriptions';
import { pushSubscriptions } from './push-tables';

/** The events with a switch of their own, besides the push switch every event follows. */
const OWN_SWITCH: Partial<Record<PushNotice['event'], PushSwitch>> = {
  'gate-failed': 'gateFailed',
  'keypad-locked': 'keypadLocked',
  'lockdown-started': 'lockdown',
  'lockdown-ended': 'lockdown',
  'intercom-call': 'intercom',
};

/** One push to one subscribed device; a device that fails is retried alone, the others are not sent again. */
export const pushNoticeJob = jobKind('push-notice', z.strictObject({ subscriptionId: z.uuid(), notice: pushNotice }));

/** Queues the notice to every subscribed device of these people who keep push, and the event's own switch, on. */
export async function queuePushNotice(
  deps: Pick<PlatformDeps, 'jobs'>,
  db: Queryable,
  userIds: string[],
  notice: PushNotice,
) {
  const ids = await subscriptionIdsOf(db, userIds, OWN_SWITCH[notice.event]);
  await deps.jobs.enqueueMany(
    db,
    pushNoticeJob,
    ids.map((subscriptionId) => ({ subscriptionId, notice })),
  );
  if (ids.length) void deps.jobs.kick();
}

export function registerPushNoticeJob(queue: JobQueue, context: NotificationContext, renderers: PushRenderers) {
  queue.register(pushNoticeJob, async (payload, running) => {
    const [subscription] = await context.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, payload.subscriptionId));
    if (!subscription) return skipped(context, running, pushNoticeJob.name, 'the device unsubscribed');
    const message = await renderNotice(renderers, context.db, payload.notice);
    if (!message) return skipped(context, running, pushNoticeJob.name, 'what it was about is gone');
    const target = openTarget(context.secret, subscription.subscriptionSealed);
    const outcome = await sendPush(context.vapid, target, JSON.stringify(message), {
      policy: context.outbound,
      signal: running.signal,
    });
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
