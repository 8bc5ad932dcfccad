import { readableTime } from '@core/time/readable-time';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { emailOf } from '../accounts/account-store';
import { deviceNamesOf } from '../device-records/device-places';
import type { JobQueue } from '../platform/jobs/job-queue';
import { type NotificationContext, sendOptionsOf, skipped } from '../platform/jobs/notification-context';
import { findProperty } from '../property-records/property-queries';
import { endExpiredLockdowns } from './lockdown-commands';
import { lockdownExpiryJob, lockdownNoticeJob } from './lockdown-job-kinds';
import { lockdownById } from './lockdown-queries';
import { lockdowns } from './property-rule-tables';

async function gateNames(context: NotificationContext, gateIds: string[] | null) {
  if (!gateIds) return 'every gate';
  return (await deviceNamesOf(context.db, gateIds)).sort().join(', ');
}

/**
 * The lockdown emails, rendered from the rows when sent; and the end at the end time, after which
 * `onLockdownChange` (as for the routes: lockdown-routes.ts) is called for the property.
 */
export function registerLockdownJobs(
  queue: JobQueue,
  context: NotificationContext,
  onLockdownChange?: (propertyId: string) => Promise<void>,
) {
  queue.register(lockdownNoticeJob, async (payload, running) => {
    const managerEmail = await emailOf(context.db, payload.managerId);
    const lockdown = await lockdownById(context.db, payload.lockdownId);
    if (managerEmail === null || !lockdown)
      return skipped(context, running, lockdownNoticeJob.name, 'the manager or lockdown is gone');
    const property = await findProperty(context.db, lockdown.propertyId);
    if (!property) return skipped(context, running, lockdownNoticeJob.name, 'the property is gone');
    const when = (iso: string) => readableTime(iso, property.timeZone);
    const gates = await gateNames(context, lockdown.gateIds);
    const message =
      payload.change === 'started'
        ? {
            subject: `Lockdown started: ${property.propertyName}`,
            text:
              `${lockdown.startedBy?.name || 'A manager'} locked down ${gates} at ${property.propertyName} ` +
              `on ${when(lockdown.startedAt)}. Reason: ${lockdown.reason}. ` +
              'Until it ends, the gates refuse every app, PIN, card and pass, except people allowed to open during a lockdown. ' +
              (lockdown.endsAt
                ? `It ends by itself on ${when(lockdown.endsAt)}.`
                : 'It lasts until a manager ends it.'),
          }
        : {
            subject: `Lockdown ended: ${property.propertyName}`,
            text:
              `The lockdown of ${gates} at ${property.propertyName} (${lockdown.reason}) ended on ` +
              `${when(lockdown.endedAt ?? lockdown.startedAt)}` +
              (lockdown.endedBy ? `, ended by ${lockdown.endedBy.name}.` : ', at its end time.') +
              ' The gates open as usual again.',
          };
    await context.sendMail({ to: managerEmail, ...message }, sendOptionsOf(running));
  });

  queue.register(lockdownExpiryJob, async (payload) => {
    const now = context.now();
    const ended = await context.db.transaction(async (tx) => {
      const claimed = await endExpiredLockdowns(queue, tx, { id: payload.lockdownId }, now);
      // Run early (this process's clock behind the one that queued it): again at the end time.
      const early = await tx
        .select({ endsAt: lockdowns.endsAt })
        .from(lockdowns)
        .where(and(eq(lockdowns.id, payload.lockdownId), isNull(lockdowns.endedAt), gt(lockdowns.endsAt, now)));
      if (early[0]?.endsAt) await queue.enqueue(tx, lockdownExpiryJob, payload, early[0].endsAt);
      return claimed;
    });
    if (ended.length) void queue.kick();
    for (const lockdown of ended) await onLockdownChange?.(lockdown.propertyId);
  });
}
