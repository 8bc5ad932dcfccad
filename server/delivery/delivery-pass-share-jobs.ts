import { z } from 'zod';
import { jobKind } from '../platform/jobs/job-kind';
import type { JobQueue } from '../platform/jobs/job-queue';
import { type NotificationContext, sendOptionsOf, skipped } from '../platform/jobs/notification-context';
import { emailedWalletLinks, labelledWalletLinks } from '../wallet/wallet-links';
import { deliveryLinkTokenOf, deliveryPassLink, findDeliveryPassWithPeople, stateOf } from './delivery-pass-queries';

/**
 * A delivery pass's page link by email and/or text. The payload names the pass and the recipient;
 * the link is read from the pass when the message is written, so nothing that opens the gate waits
 * in the queue, and a pass cancelled meanwhile is not sent.
 */
export const deliveryPassShareJob = jobKind(
  'delivery-pass-share',
  z.strictObject({ passId: z.uuid(), email: z.string().nullable(), phoneNumber: z.string().nullable() }),
);

export function registerDeliveryPassShareJob(queue: JobQueue, context: NotificationContext) {
  queue.register(deliveryPassShareJob, async (payload, running) => {
    const found = await findDeliveryPassWithPeople(context.db, payload.passId);
    const link = found && deliveryPassLink(context.secret, context.appUrl, found.pass);
    if (!found || !link) return skipped(context, running, deliveryPassShareJob.name, 'the pass is gone');
    const { pass, property, creator } = found;
    if (stateOf(pass, context.now()) !== 'valid')
      return skipped(context, running, deliveryPassShareJob.name, 'the pass no longer opens the gate');
    const from = `${creator.firstName} ${creator.lastName}`;
    const line = `${from} sent you a delivery pass for ${property.propertyName}, ${property.propertyLocation}.`;
    const wallet = emailedWalletLinks(context, `/api/delivery-pass/${deliveryLinkTokenOf(context.secret, pass)}`);
    const text = [
      `${line}\n\nOpen it at the gate to show the QR code or the guest PIN:\n${link}\n`,
      ...labelledWalletLinks(wallet).map(({ label, url }) => `${label}: ${url}\n`),
    ].join('');
    const options = sendOptionsOf(running);
    if (payload.email)
      await context.sendMail(
        { to: payload.email, subject: `Delivery pass for ${property.propertyName}`, text },
        options,
      );
    if (payload.phoneNumber)
      await context.sendSms({ to: payload.phoneNumber, body: `${line} Your pass: ${link}` }, options);
  });
}
