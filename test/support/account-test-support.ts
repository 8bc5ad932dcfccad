import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { sentEmailsTo } from './sent-mail';

/** The newest email sent to an address (the outbox, after the due jobs ran). */
export async function latestEmailTo(app: FastifyInstance, to: string): Promise<ParsedMail | null> {
  return (await sentEmailsTo(app, to)).at(-1) ?? null;
}

export function linkToken(mail: ParsedMail | null, pattern: RegExp): string {
  const match = mail ? pattern.exec(mail.text ?? '') : null;
  if (!match) throw new Error(`no link matching ${pattern} in ${mail?.subject}`);
  return decodeURIComponent(match[1]);
}

export const inviteTokenOf = (mail: ParsedMail | null) => linkToken(mail, /verify-email\?_id=([A-Za-z0-9_%-]+)/);
export const resetTokenOf = (mail: ParsedMail | null) => linkToken(mail, /set-new-password\/([A-Za-z0-9_%-]+)/);
