import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';

const jobIdOf = (file: string) => Number(/job-(\d+)\.eml$/.exec(file)?.[1] ?? 0);

/**
 * Every email the app has sent, oldest first, after running the jobs due now. Tests run without
 * SMTP_URL, so the mailer writes each message to DATA_DIR/mail as it would go over the wire.
 */
export async function sentEmails(app: FastifyInstance): Promise<ParsedMail[]> {
  await app.jobs.kick();
  const outbox = path.join(app.config.dataDir, 'mail');
  if (!fs.existsSync(outbox)) return [];
  const files = fs.readdirSync(outbox).sort((a, b) => jobIdOf(a) - jobIdOf(b));
  return Promise.all(
    files.map((file) => simpleParser(fs.readFileSync(path.join(outbox, file)), { skipImageLinks: true })),
  );
}

/** The addresses a parsed email went to, lowercased. */
export function recipientsOf(mail: ParsedMail): string[] {
  const groups = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return groups.flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase() ?? ''));
}

export const isTo = (mail: ParsedMail, address: string) => recipientsOf(mail).includes(address.toLowerCase());

export async function sentEmailsTo(app: FastifyInstance, address: string): Promise<ParsedMail[]> {
  return (await sentEmails(app)).filter((mail) => isTo(mail, address));
}
