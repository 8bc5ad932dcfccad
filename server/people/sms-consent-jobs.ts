import { z } from 'zod';
import { phoneNumberOf } from '../accounts/account-store';
import { jobKind } from '../platform/jobs/job-kind';
import type { JobQueue } from '../platform/jobs/job-queue';
import { type NotificationContext, sendOptionsOf, skipped } from '../platform/jobs/notification-context';

export const SMS_CONSENT_TEXT =
  'Gatehouse: SMS notifications are on. You will get a text when a visitor with arrival notifications arrives. Turn them off in your Profile.';

/** The text confirming SMS notifications are on, to the user's phone number as it is when sent. */
export const smsConsentJob = jobKind('sms-consent', z.strictObject({ userId: z.uuid() }));

export function registerSmsConsentJob(queue: JobQueue, context: NotificationContext) {
  queue.register(smsConsentJob, async (payload, running) => {
    const phoneNumber = await phoneNumberOf(context.db, payload.userId);
    if (!phoneNumber) return skipped(context, running, smsConsentJob.name, 'no phone number');
    await context.sendSms({ to: phoneNumber, body: SMS_CONSENT_TEXT }, sendOptionsOf(running));
  });
}
