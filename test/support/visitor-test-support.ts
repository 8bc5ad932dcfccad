import jsQR from 'jsqr';
import type { ParsedMail } from 'mailparser';
import { PNG } from 'pngjs';
import { bearer, type SeededUser, type TestApp } from './test-app';

/** A registration body for tomorrow 08:00–17:00, with any field overridden. */
export function betweenDatesBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Vera',
    lastName: 'Visitor',
    email: 'Vera.Visitor@Example.com',
    qrType: 'betweenDates',
    startDate: '2025-06-02',
    startTime: '08:00',
    endDate: '2025-06-02',
    endTime: '17:00',
    lifetimeValidity: false,
    recurringDays: [],
    multipleDays: [],
    timezone: 'America/New_York',
    ...overrides,
  };
}

export function registerAs(t: TestApp, user: SeededUser, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/visitor/register', payload, headers: bearer(user.token) });
}

/** What the QR image in an email's attachment encodes. */
export function decodeQrAttachment(mail: ParsedMail): string {
  const attachment = mail.attachments.find((a) => a.contentType === 'image/png');
  if (!attachment) throw new Error('no PNG attachment');
  return decodeQrPng(attachment.content);
}

/** What a QR image (PNG bytes) encodes. */
export function decodeQrPng(content: Buffer): string {
  const png = PNG.sync.read(content);
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!found) throw new Error('QR not decodable');
  return found.data;
}

/** The pass page link token in a pass email (…/pass/<token>). */
export function passTokenOf(mail: ParsedMail): string {
  const match = /\/pass\/([A-Za-z0-9_-]+)/.exec(`${mail.text}`);
  if (!match) throw new Error('no pass link in the email');
  return match[1];
}
