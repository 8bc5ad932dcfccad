import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sha256Hex } from '../platform/crypto/keys';
import type { Queryable } from '../platform/db/connect';
import { jobKind } from '../platform/jobs/job-kind';
import type { JobQueue } from '../platform/jobs/job-queue';
import { openJobSecret, sealedJobSecret, sealJobSecret } from '../platform/jobs/job-secret';
import { type NotificationContext, sendOptionsOf, skipped } from '../platform/jobs/notification-context';
import { emailedWalletLinks } from '../wallet/wallet-links';
import { findCodeWithPeople } from './code-with-people-queries';
import { qrCodeEmail } from './qr-code-email-messages';
import { passPageUrl } from './visitor-pass-link';
import { qrCodes } from './visitor-tables';

/** One email carrying a QR code; the token travels sealed and the PNG is drawn at send time. */
export const qrCodeEmailJob = jobKind(
  'qr-code-email',
  z.strictObject({
    qrCodeId: z.uuid(),
    recipient: z.enum(['visitor', 'resident']),
    token: sealedJobSecret,
    /** The pass page's link token (absent in jobs queued before pass pages existed). */
    passLink: sealedJobSecret.optional(),
  }),
);

type Recipient = z.infer<typeof qrCodeEmailJob.payload>['recipient'];

/**
 * Queues the visitor's pass and the resident's copy, inside the transaction that created the code;
 * or, for Resend, the visitor's alone (`passLink` null: a pass made before links were kept).
 */
export function enqueueQrCodeEmails(
  queue: JobQueue,
  db: Queryable,
  secret: Buffer,
  code: { qrCodeId: string; token: string; passLink: string | null },
  recipients: readonly Recipient[] = ['visitor', 'resident'],
) {
  return queue.enqueueMany(
    db,
    qrCodeEmailJob,
    recipients.map((recipient) => ({
      qrCodeId: code.qrCodeId,
      recipient,
      token: sealJobSecret(secret, code.token),
      ...(code.passLink ? { passLink: sealJobSecret(secret, code.passLink) } : {}),
    })),
  );
}

export function registerQrCodeEmailJob(queue: JobQueue, context: NotificationContext) {
  queue.register(qrCodeEmailJob, async (payload, running) => {
    const token = openJobSecret(context.secret, payload.token);
    const found = await findCodeWithPeople(context.db, payload.qrCodeId, eq(qrCodes.tokenHash, sha256Hex(token)));
    if (!found) return skipped(context, running, qrCodeEmailJob.name, 'the QR code is gone');
    const { code, visitor, property, resident } = found;
    const passLink = payload.passLink && openJobSecret(context.secret, payload.passLink);
    const message = await qrCodeEmail(
      {
        token,
        pass: passLink
          ? {
              url: passPageUrl(context.appUrl, passLink),
              qrCodeId: code.id,
              now: context.now(),
              wallet: emailedWalletLinks(context, `/api/pass/${passLink}`),
            }
          : null,
        window: code,
        timeZone: property.timeZone,
        property,
        visitor: { firstName: code.qrFirstName, lastName: code.qrLastName, email: visitor.email },
        resident,
      },
      payload.recipient,
    );
    await context.sendMail(message, sendOptionsOf(running));
  });
}
