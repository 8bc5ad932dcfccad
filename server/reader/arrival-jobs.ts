import { readableTime } from '@core/time/readable-time';
import { z } from 'zod';
import { findPerson } from '../accounts/account-store';
import { findDevice } from '../device-records/device-store';
import type { PlatformDeps } from '../platform/deps';
import { jobKind } from '../platform/jobs/job-kind';
import type { JobQueue } from '../platform/jobs/job-queue';
import { type NotificationContext, queueNotice, sendOptionsOf, skipped } from '../platform/jobs/notification-context';
import { queuePushNotice } from '../push/push-notices';
import { findQrCode } from '../visitors/qr-code-queries';
import type { ScannedCode } from './qr-queries';

/** "Your visitor arrived", by email or by SMS, rendered from the code and the gate when sent. */
export const arrivalNoticeJob = jobKind(
  'arrival-notice',
  z.strictObject({ channel: z.enum(['email', 'sms']), qrCodeId: z.uuid(), deviceId: z.uuid(), at: z.iso.datetime() }),
);

/**
 * Tells the resident their visitor arrived, by email and/or SMS and on their subscribed devices
 * per their preferences, through the job queue; only when the code's arrival notification is on.
 */
export async function queueArrivalNotification(app: PlatformDeps, scanned: ScannedCode, deviceId: string, at: Date) {
  if (!scanned.code.qrNotification) return;
  await queueNotice(app, arrivalNoticeJob, scanned.creator, {
    qrCodeId: scanned.code.id,
    deviceId,
    at: at.toISOString(),
  });
  await queuePushNotice(app, app.db, [scanned.creator.id], {
    event: 'visitor-arrived',
    qrCodeId: scanned.code.id,
    deviceId,
  });
}

export function registerArrivalNoticeJob(queue: JobQueue, context: NotificationContext) {
  queue.register(arrivalNoticeJob, async (payload, running) => {
    const found = await findQrCode(context.db, payload.qrCodeId);
    const creator = found && (await findPerson(context.db, found.code.createdBy));
    const device = await findDevice(context.db, payload.deviceId);
    if (!found || !creator) return skipped(context, running, arrivalNoticeJob.name, 'the QR code is gone');
    const { code, propertyName, timeZone } = found;
    const visitor = `${code.qrFirstName} ${code.qrLastName}`;
    const when = readableTime(payload.at, timeZone);
    const place = device ? `${propertyName} (${device.deviceName})` : propertyName;
    const text = `Your visitor ${visitor} arrived at ${place} on ${when}.`;
    if (payload.channel === 'email') {
      const message = { to: creator.email, subject: `Your visitor ${visitor} has arrived`, text };
      return context.sendMail(message, sendOptionsOf(running));
    }
    if (!creator.phoneNumber)
      return skipped(context, running, arrivalNoticeJob.name, 'the resident has no phone number');
    await context.sendSms({ to: creator.phoneNumber, body: text }, sendOptionsOf(running));
  });
}
