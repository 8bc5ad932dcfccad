import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs } from '../db/schema';
import type { MailMessage } from '../mail/mailer';

/** The newest email queued for an address (read from the job outbox, as the worker would send it). */
export async function latestEmailTo(app: FastifyInstance, to: string): Promise<MailMessage | null> {
  const rows = await app.db.select().from(jobs).where(eq(jobs.kind, 'email')).orderBy(desc(jobs.id));
  const row = rows.find((job) => (job.payload as unknown as MailMessage).to === to);
  return row ? (row.payload as unknown as MailMessage) : null;
}

export function linkToken(mail: MailMessage | null, pattern: RegExp): string {
  const match = mail ? pattern.exec(mail.text) : null;
  if (!match) throw new Error(`no link matching ${pattern} in ${mail?.subject}`);
  return decodeURIComponent(match[1]);
}

export const inviteTokenOf = (mail: MailMessage | null) => linkToken(mail, /verify-email\?_id=([A-Za-z0-9_%-]+)/);
export const resetTokenOf = (mail: MailMessage | null) => linkToken(mail, /set-new-password\/([A-Za-z0-9_%-]+)/);
