import { describeWindow } from '@core/validity/window-messages';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../platform/db/connect';
import { jobKind } from '../platform/jobs/job-kind';
import type { JobQueue } from '../platform/jobs/job-queue';
import { openJobSecret, sealedJobSecret, sealJobSecret } from '../platform/jobs/job-secret';
import { type NotificationContext, sendOptionsOf, skipped } from '../platform/jobs/notification-context';
import { findCodeWithPeople } from './code-with-people-queries';
import { passLinkHashOf, passPageUrl } from './visitor-pass-link';
import { qrCodes } from './visitor-tables';

/** The visitor's pass page link by SMS; the link token travels sealed and the text is written at send time. */
export const passLinkSmsJob = jobKind(
  'pass-link-sms',
  z.strictObject({ qrCodeId: z.uuid(), passLink: sealedJobSecret }),
);

/** Queues the SMS inside the transaction that created the code. */
export function enqueuePassLinkSms(
  queue: JobQueue,
  db: Queryable,
  secret: Buffer,
  code: { qrCodeId: string; passLink: string },
) {
  return queue.enqueueMany(db, passLinkSmsJob, [
    { qrCodeId: code.qrCodeId, passLink: sealJobSecret(secret, code.passLink) },
  ]);
}

export function registerPassLinkSmsJob(queue: JobQueue, context: NotificationContext) {
  queue.register(passLinkSmsJob, async (payload, running) => {
    const linkToken = openJobSecret(context.secret, payload.passLink);
    const found = await findCodeWithPeople(
      context.db,
      payload.qrCodeId,
      eq(qrCodes.passLinkHash, passLinkHashOf(linkToken)),
    );
    if (!found) return skipped(context, running, passLinkSmsJob.name, 'the QR code is gone');
    const { code, visitor, property, resident } = found;
    if (!visitor.phoneNumber) return skipped(context, running, passLinkSmsJob.name, 'the visitor has no phone number');
    const body =
      `${resident.firstName} ${resident.lastName} invited you to ${property.propertyName}, ` +
      `${property.propertyLocation}: ${describeWindow(code, property.timeZone)}. ` +
      `Your pass, with the QR code for the gate: ${passPageUrl(context.appUrl, linkToken)}`;
    await context.sendSms({ to: visitor.phoneNumber, body }, sendOptionsOf(running));
  });
}
