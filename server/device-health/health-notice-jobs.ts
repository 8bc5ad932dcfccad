import { readableTime } from '@core/time/readable-time';
import { z } from 'zod';
import { emailOf } from '../accounts/account-store';
import { deviceWithPropertyOf } from '../device-records/device-places';
import { jobKind } from '../platform/jobs/job-kind';
import type { JobQueue } from '../platform/jobs/job-queue';
import { type NotificationContext, sendOptionsOf, skipped } from '../platform/jobs/notification-context';

/** Tells one property manager that a device went offline (10 minutes ago by now) or is back. */
export const deviceHealthNoticeJob = jobKind(
  'device-health-notice',
  z.strictObject({
    managerId: z.uuid(),
    deviceId: z.uuid(),
    change: z.enum(['offline', 'online']),
    /** Offline: when it went offline; online: when it was seen back. */
    at: z.iso.datetime(),
    cause: z.enum(['reader', 'relay']).nullable(),
  }),
);
export type DeviceHealthNotice = z.output<typeof deviceHealthNoticeJob.payload>;

const WHAT_TO_CHECK = {
  reader:
    'Its gate reader has sent no heartbeat since then: check that the tablet or phone at the gate is ' +
    'powered, connected and showing the reader page.',
  relay:
    'Its relay did not answer when the gate was last opened: check the relay is powered and on the ' +
    'network. Until then the gate may not open from the app or the reader.',
} as const;

export function registerDeviceHealthNoticeJob(queue: JobQueue, context: NotificationContext) {
  queue.register(deviceHealthNoticeJob, async (payload, running) => {
    const managerEmail = await emailOf(context.db, payload.managerId);
    const device = await deviceWithPropertyOf(context.db, payload.deviceId);
    if (managerEmail === null || !device)
      return skipped(context, running, deviceHealthNoticeJob.name, 'the manager or device is gone');
    const place = `${device.deviceName} at ${device.propertyName}`;
    const when = readableTime(payload.at, device.timeZone);
    const message =
      payload.change === 'offline'
        ? {
            subject: `Offline: ${place}`,
            text:
              `${place} has been offline since ${when}. ${WHAT_TO_CHECK[payload.cause ?? 'reader']} ` +
              'You will get one more email when it is back online.',
          }
        : { subject: `Back online: ${place}`, text: `${place} is back online since ${when}.` };
    await context.sendMail({ to: managerEmail, ...message }, sendOptionsOf(running));
  });
}
