import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Orm } from '../db/connect';
import type { PlatformDeps } from '../deps';
import type { SendMail, SendOptions } from '../mail/mailer';
import type { OutboundPolicy } from '../push/push-sender';
import type { VapidConfig, WalletConfig } from '../settings/config';
import type { SendSms } from '../sms/sms-sender';
import type { JobKind, RunningJob } from './job-kind';

/** What a notification job needs when it runs: the rows it refers to and the senders. */
export interface NotificationContext {
  db: Orm;
  /** Master secret: opens the payload's sealed secrets. */
  secret: Buffer;
  appUrl: string;
  now: () => Date;
  sendMail: SendMail;
  sendSms: SendSms;
  /** Web Push identity, for push notices. */
  vapid: VapidConfig;
  /** The wallets a pass email offers (their links, not their files). */
  wallet?: WalletConfig;
  /** Where pushes may be sent: public addresses only, unless local ones are allowed. */
  outbound: OutboundPolicy;
  log: FastifyBaseLogger;
}

/** The send options of a job's message: its stable id and the job's abort signal. */
export const sendOptionsOf = (job: RunningJob): SendOptions => ({ messageId: `job-${job.id}`, signal: job.signal });

/** Logs a message no longer worth sending (its code, link or recipient is gone); the job is done. */
export function skipped(context: NotificationContext, job: RunningJob, kind: string, why: string) {
  context.log.info({ jobId: job.id, kind }, `not sent: ${why}`);
}

type NoticeChannel = 'email' | 'sms';
type NoticeRecipient = { prefEmail: boolean; prefSms: boolean; phoneNumber: string | null };

/** The channels a person chose for notices: email, and SMS when they have a number. */
function noticeChannelsOf(person: NoticeRecipient): NoticeChannel[] {
  return [
    ...(person.prefEmail ? (['email'] as const) : []),
    ...(person.prefSms && person.phoneNumber ? (['sms'] as const) : []),
  ];
}

/**
 * Queues one job of this kind per channel the person chose, and kicks the queue so the notice
 * goes now rather than at the next poll. Nothing when they chose none.
 */
export async function queueNotice<Notice extends object>(
  deps: Pick<PlatformDeps, 'db' | 'jobs'>,
  kind: JobKind<z.ZodType<Notice & { channel: NoticeChannel }>>,
  person: NoticeRecipient,
  notice: Notice,
) {
  const channels = noticeChannelsOf(person);
  if (!channels.length) return;
  await deps.jobs.enqueueMany(
    deps.db,
    kind,
    channels.map((channel) => ({ channel, ...notice })),
  );
  void deps.jobs.kick();
}
