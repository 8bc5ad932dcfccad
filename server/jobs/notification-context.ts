import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../db/connect';
import type { SendMail, SendOptions } from '../mail/mailer';
import type { SendSms } from '../sms/sms-sender';
import type { RunningJob } from './job-kind';

/** What a notification job needs when it runs: the rows it refers to and the senders. */
export interface NotificationContext {
  db: Orm;
  /** Master secret: opens the payload's sealed secrets. */
  secret: Buffer;
  appUrl: string;
  now: () => Date;
  sendMail: SendMail;
  sendSms: SendSms;
  log: FastifyBaseLogger;
}

/** The send options of a job's message: its stable id and the job's abort signal. */
export const sendOptionsOf = (job: RunningJob): SendOptions => ({ messageId: `job-${job.id}`, signal: job.signal });

/** Logs a message no longer worth sending (its code, link or recipient is gone); the job is done. */
export function skipped(context: NotificationContext, job: RunningJob, kind: string, why: string) {
  context.log.info({ jobId: job.id, kind }, `not sent: ${why}`);
}

/** The channels a person chose for notices: email, and SMS when they have a number. */
export function noticeChannelsOf(person: { prefEmail: boolean; prefSms: boolean; phoneNumber: string | null }) {
  return [
    ...(person.prefEmail ? (['email'] as const) : []),
    ...(person.prefSms && person.phoneNumber ? (['sms'] as const) : []),
  ];
}
