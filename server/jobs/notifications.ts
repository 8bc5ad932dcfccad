import type { Queryable } from '../db/connect';
import type { MailMessage, SendMail } from '../mail/mailer';
import type { SendSms, SmsMessage } from '../sms/sms-sender';
import type { JobQueue } from './job-queue';

/** Registers the email and SMS job kinds; enqueue with `enqueueEmail` / `enqueueSms`. */
export function registerNotificationJobs(queue: JobQueue, sendMail: SendMail, sendSms: SendSms) {
  queue.register('email', (payload, job) => sendMail(payload as unknown as MailMessage, `job-${job.id}`));
  queue.register('sms', (payload, job) => sendSms(payload as unknown as SmsMessage, `job-${job.id}`));
}

export function enqueueEmail(queue: JobQueue, db: Queryable, message: MailMessage) {
  return queue.enqueue(db, 'email', message as unknown as Record<string, unknown>);
}

export function enqueueEmails(queue: JobQueue, db: Queryable, messages: MailMessage[]) {
  return queue.enqueueMany(db, 'email', messages as unknown as Record<string, unknown>[]);
}

export function enqueueSms(queue: JobQueue, db: Queryable, message: SmsMessage) {
  return queue.enqueue(db, 'sms', message as unknown as Record<string, unknown>);
}
