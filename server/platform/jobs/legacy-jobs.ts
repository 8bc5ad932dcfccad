import { z } from 'zod';
import { jobKind } from './job-kind';
import type { JobQueue } from './job-queue';
import { type NotificationContext, sendOptionsOf } from './notification-context';

// Before typed jobs, the whole rendered message was the payload. Nothing enqueues these kinds
// any more; their handlers only send what was still queued when a database was upgraded (the
// migration cleared the payloads of every finished one).
const legacyEmailJob = jobKind(
  'email',
  z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().optional(),
    attachments: z
      .array(
        z.object({
          filename: z.string(),
          contentBase64: z.string(),
          contentType: z.string(),
          cid: z.string().optional(),
        }),
      )
      .optional(),
  }),
);
const legacySmsJob = jobKind('sms', z.object({ to: z.string(), body: z.string() }));

export function registerLegacyJobs(queue: JobQueue, context: NotificationContext) {
  queue.register(legacyEmailJob, ({ attachments, ...message }, running) =>
    context.sendMail(
      {
        ...message,
        attachments: attachments?.map(({ contentBase64, ...rest }) => ({
          ...rest,
          content: Buffer.from(contentBase64, 'base64'),
        })),
      },
      sendOptionsOf(running),
    ),
  );
  queue.register(legacySmsJob, (message, running) => context.sendSms(message, sendOptionsOf(running)));
}
