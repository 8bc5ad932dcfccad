import { RESET_TOKEN_MINUTES } from '@core/constants';
import type { MailMessage } from '../platform/mail/mailer';

interface Person {
  firstName: string;
  email: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function linkEmail(to: string, subject: string, lines: string[], link: string, linkText: string): MailMessage {
  const text = [...lines, '', link, ''].join('\n');
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const html = `${paragraphs}<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`;
  return { to, subject, text, html };
}

/** The invitation: a link to /verify-email carrying the single-use token, never the user id. */
export function invitationEmail(appUrl: string, user: Person, token: string): MailMessage {
  return linkEmail(
    user.email,
    'You have been invited to Gatehouse',
    [
      `Hello ${user.firstName},`,
      'An account has been created for you on Gatehouse. Open this link to choose your password and sign in.',
      'The link works once and expires in 7 days.',
    ],
    `${appUrl}/verify-email?_id=${encodeURIComponent(token)}`,
    'Set your password',
  );
}

export function passwordResetEmail(appUrl: string, user: Person, token: string): MailMessage {
  return linkEmail(
    user.email,
    'Reset your Gatehouse password',
    [
      `Hello ${user.firstName},`,
      `Open this link to choose a new password. It works once and expires in ${RESET_TOKEN_MINUTES} minutes.`,
      'If you did not ask for this, ignore this email; your password stays as it is.',
    ],
    `${appUrl}/set-new-password/${encodeURIComponent(token)}`,
    'Choose a new password',
  );
}
