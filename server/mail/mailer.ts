import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  contentBase64: string;
  contentType: string;
  /** Set to show the attachment inline: <img src="cid:..."> in the HTML. */
  cid?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export type SendMail = (message: MailMessage, messageId: string) => Promise<void>;

/**
 * Real SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under
 * DATA_DIR/mail so a newcomer can open what would have been sent.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): SendMail {
  const transport = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.join(options.dataDir, 'mail');

  return async (message, messageId) => {
    const info = await transport.sendMail({
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: `<${messageId}@gatehouse>`,
      attachments: message.attachments?.map((a) => ({
        filename: a.filename,
        content: Buffer.from(a.contentBase64, 'base64'),
        contentType: a.contentType,
        cid: a.cid,
      })),
    });
    if (options.smtpUrl) return;
    await fs.mkdir(outbox, { recursive: true });
    const file = path.join(outbox, `${Date.now()}-${messageId}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    options.log.info({ to: message.to, subject: message.subject, file }, 'email written to the local outbox');
  };
}
