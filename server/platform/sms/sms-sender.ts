import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../settings/config';

export interface SmsMessage {
  to: string;
  body: string;
}

export type SendSms = (message: SmsMessage, options: { messageId: string; signal: AbortSignal }) => Promise<void>;

/** The longest one provider call may take. */
const SMS_SEND_TIMEOUT_MS = 10_000;

/** A Twilio-compatible REST call when SMS_* is set; otherwise a text file beside the mail outbox. */
export function createSmsSender(options: { sms?: SmsConfig; dataDir: string; log: FastifyBaseLogger }): SendSms {
  const { sms } = options;
  if (!sms) {
    const outbox = path.join(options.dataDir, 'sms');
    return async (message, { messageId }) => {
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${messageId}.txt`);
      await fs.writeFile(file, `To: ${message.to}\n\n${message.body}\n`);
      options.log.info({ to: message.to, file }, 'SMS written to the local outbox');
    };
  }
  const url = `${sms.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString('base64')}`;
  return async (message, { signal }) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ To: message.to, From: sms.from, Body: message.body }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(SMS_SEND_TIMEOUT_MS)]),
    });
    if (!response.ok)
      throw new Error(`SMS provider answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  };
}
