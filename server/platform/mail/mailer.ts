import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
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

export interface SendOptions {
  /** Stable per job, so a receiver can tell a retry from a new message. */
  messageId: string;
  /** Aborting it closes the SMTP connection at once. */
  signal: AbortSignal;
}

export type SendMail = (message: MailMessage, options: SendOptions) => Promise<void>;

// Each step of an SMTP conversation, and the conversation as a whole, ends in bounded time.
const SMTP_TIMEOUTS = { dnsTimeout: 10_000, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };
export const MAIL_SEND_TIMEOUT_MS = 120_000;

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
  // The mail library is loaded with the first message, not at every start.
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const outbox = path.join(options.dataDir, 'mail');

  return async (message, { messageId, signal }) => {
    const info = await (await transportOf()).sendMail({
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: `<${messageId}@gatehouse>`,
      attachments: message.attachments,
      signal: AbortSignal.any([signal, AbortSignal.timeout(MAIL_SEND_TIMEOUT_MS)]),
    });
    if (options.smtpUrl) return;
    await fs.mkdir(outbox, { recursive: true });
    const file = path.join(outbox, `${Date.now()}-${messageId}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    options.log.info({ to: message.to, subject: message.subject, file }, 'email written to the local outbox');
  };
}
