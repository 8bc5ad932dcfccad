import { z } from 'zod';
import { findPerson } from '../accounts/account-store';
import { type JobKind, jobKind } from '../platform/jobs/job-kind';
import type { JobQueue } from '../platform/jobs/job-queue';
import { openJobSecret, type SealedJobSecret, sealedJobSecret, sealJobSecret } from '../platform/jobs/job-secret';
import { type NotificationContext, sendOptionsOf, skipped } from '../platform/jobs/notification-context';
import type { MailMessage } from '../platform/mail/mailer';
import { invitationEmail, passwordResetEmail } from './account-email-messages';
import { type AccountTokenKind, checkAccountToken } from './account-tokens';

const linkEmailPayload = z.strictObject({ userId: z.uuid(), token: sealedJobSecret });
type LinkEmailKind = JobKind<typeof linkEmailPayload>;

/** The invitation (verify-email link); the token travels sealed and is rendered into the link at send time. */
export const invitationEmailJob = jobKind('invitation-email', linkEmailPayload);
export const passwordResetEmailJob = jobKind('password-reset-email', linkEmailPayload);

export function linkEmailPayloadOf(secret: Buffer, userId: string, token: string) {
  return { userId, token: sealJobSecret(secret, token) };
}

type Render = (appUrl: string, user: { firstName: string; email: string }, token: string) => MailMessage;

function registerLinkEmail(
  queue: JobQueue,
  context: NotificationContext,
  job: LinkEmailKind,
  tokenKind: AccountTokenKind,
  render: Render,
) {
  queue.register(job, async (payload: { userId: string; token: SealedJobSecret }, running) => {
    const token = openJobSecret(context.secret, payload.token);
    const check = await checkAccountToken(context.db, tokenKind, token, context.now());
    if (check.status !== 'valid' || check.userId !== payload.userId)
      return skipped(
        context,
        running,
        job.name,
        `the link is ${check.status === 'valid' ? 'not theirs' : check.status}`,
      );
    const user = await findPerson(context.db, payload.userId);
    if (!user) return skipped(context, running, job.name, 'the user is gone');
    await context.sendMail(render(context.appUrl, user, token), sendOptionsOf(running));
  });
}

export function registerAccountEmailJobs(queue: JobQueue, context: NotificationContext) {
  registerLinkEmail(queue, context, invitationEmailJob, 'invite', invitationEmail);
  registerLinkEmail(queue, context, passwordResetEmailJob, 'reset', passwordResetEmail);
}
