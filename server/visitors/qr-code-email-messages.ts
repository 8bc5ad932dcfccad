import type { WalletLinks } from '@core/api/wallet';
import type { QrWindow } from '@core/validity/qr-validity';
import { describeWindow } from '@core/validity/window-messages';
import { qrPngOf } from '../platform/images/qr-image';
import type { MailAttachment, MailMessage } from '../platform/mail/mailer';
import { labelledWalletLinks } from '../wallet/wallet-links';
import { passCalendar } from './visitor-pass-calendar';

export interface QrEmailContext {
  token: string;
  /** The visitor's pass page; null for codes made before pass pages existed. */
  pass: { url: string; qrCodeId: string; now: Date; wallet: WalletLinks } | null;
  window: QrWindow;
  timeZone: string;
  property: { propertyName: string; propertyLocation: string };
  visitor: { firstName: string; lastName: string; email: string };
  resident: { firstName: string; lastName: string; email: string };
}

const QR_CID = 'visitor-qr-code';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The QR image inline (cid) and again as an attachment, so every mail client shows one. */
async function qrAttachments(token: string): Promise<MailAttachment[]> {
  const content = await qrPngOf(token);
  return [
    { filename: 'qr-code.png', content, contentType: 'image/png', cid: QR_CID },
    { filename: 'visitor-qr-code.png', content, contentType: 'image/png' },
  ];
}

/** The visit as an .ics file, for the visitor's calendar. */
function calendarAttachment(context: QrEmailContext): MailAttachment[] {
  if (!context.pass) return [];
  const ics = passCalendar({
    qrCodeId: context.pass.qrCodeId,
    window: context.window,
    timeZone: context.timeZone,
    property: context.property,
    passUrl: context.pass.url,
    now: context.pass.now,
  });
  return [{ filename: 'visit.ics', content: Buffer.from(ics), contentType: 'text/calendar; charset=utf-8' }];
}

/** A whole document with a mobile viewport: on a 390 px phone it reads without zooming or scrolling sideways. */
const mobileDocument = (content: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
</head>
<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;word-wrap:break-word;overflow-wrap:anywhere">
<div style="max-width:600px;margin:0 auto">
${content}
</div>
</body>
</html>`;

function body(context: QrEmailContext, intro: string) {
  const when = describeWindow(context.window, context.timeZone);
  const { propertyName, propertyLocation } = context.property;
  const passLine = context.pass ? `Open the pass on your phone: ${context.pass.url}` : null;
  const wallets = context.pass ? labelledWalletLinks(context.pass.wallet) : [];
  const lines = [
    intro,
    '',
    `Property: ${propertyName}`,
    `Address: ${propertyLocation}`,
    `Valid: ${when}`,
    `Times are local time at the property (${context.timeZone}).`,
    '',
    'Show the QR code at the gate reader to enter.',
    ...(passLine ? [passLine] : []),
    ...wallets.map(({ label, url }) => `${label}: ${url}`),
  ];
  const passHtml = context.pass
    ? `<p><a href="${escapeHtml(context.pass.url)}">Open the pass on your phone</a></p>`
    : '';
  const walletHtml = wallets
    .map(({ label, url }) => `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`)
    .join('\n');
  const content = `<p>${escapeHtml(intro)}</p>
<p><img src="cid:${QR_CID}" alt="Visitor QR code" width="240" height="240" style="max-width:100%;height:auto"></p>
<p><strong>${escapeHtml(propertyName)}</strong><br>${escapeHtml(propertyLocation)}</p>
<p>Valid: ${escapeHtml(when)}<br><small>Times are local time at the property (${escapeHtml(context.timeZone)}).</small></p>
<p>Show the QR code at the gate reader to enter.</p>${passHtml}${walletHtml}`;
  return { text: lines.join('\n'), html: mobileDocument(content) };
}

export type QrEmailRecipient = 'visitor' | 'resident';

/** The visitor's pass, or the resident's copy of it; both carry the QR code. */
export async function qrCodeEmail(context: QrEmailContext, recipient: QrEmailRecipient): Promise<MailMessage> {
  const attachments = [...(await qrAttachments(context.token)), ...calendarAttachment(context)];
  const { visitor, resident, property } = context;
  const visitorName = `${visitor.firstName} ${visitor.lastName}`;
  if (recipient === 'visitor') {
    return {
      to: visitor.email,
      subject: `Your visitor QR code for ${property.propertyName}`,
      ...body(
        context,
        `Hello ${visitor.firstName}, ${resident.firstName} ${resident.lastName} has registered you as a visitor.`,
      ),
      attachments,
    };
  }
  return {
    to: resident.email,
    subject: `Visitor QR code for ${visitorName}`,
    ...body(
      context,
      `Hello ${resident.firstName}, this is a copy of the QR code sent to ${visitorName} (${visitor.email}).`,
    ),
    attachments,
  };
}
