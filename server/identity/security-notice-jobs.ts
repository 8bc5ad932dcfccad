import { z } from 'zod';
import { emailOf } from '../accounts/account-store';
import { sessionBrowser } from '../authorization/person-sessions';
import type { Queryable } from '../platform/db/connect';
import { jobKind } from '../platform/jobs/job-kind';
import type { JobQueue } from '../platform/jobs/job-queue';
import { type NotificationContext, sendOptionsOf, skipped } from '../platform/jobs/notification-context';

export const SECURITY_EVENTS = [
  'new-browser',
  'factor-added',
  'factor-removed',
  'factor-reset',
  'passkey-added',
  'passkey-removed',
  'sessions-ended',
  'codes-guessed',
  'password-changed',
] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

/** Tells a user about a change to how their account is signed in to, so they notice one they did not make. */
export const securityNoticeJob = jobKind(
  'security-notice',
  z.strictObject({ userId: z.uuid(), event: z.enum(SECURITY_EVENTS), sessionId: z.uuid().optional() }),
);

const UNLESS_YOU = 'If this was not you, reset your password now and sign out everywhere else from your Profile.';

const SUBJECTS: Record<SecurityEvent, string> = {
  'new-browser': 'New sign-in to your Gatehouse account',
  'factor-added': 'Two-step verification turned on',
  'factor-removed': 'Two-step verification turned off',
  'factor-reset': 'Your two-step verification was reset by an administrator',
  'passkey-added': 'A passkey was added to your account',
  'passkey-removed': 'A passkey was removed from your account',
  'sessions-ended': 'You were signed out everywhere else',
  'codes-guessed': 'Wrong codes entered for your Gatehouse account',
  'password-changed': 'Your Gatehouse password was changed',
};

function bodyOf(event: SecurityEvent, session: { label: string; address: string } | undefined): string {
  switch (event) {
    case 'new-browser':
      return `Your account was signed in from ${session?.label ?? 'a new browser'} (${session?.address ?? 'unknown address'}), a browser not seen before. ${UNLESS_YOU}`;
    case 'factor-added':
      return `Signing in to your account now asks for a code from an authenticator app. ${UNLESS_YOU}`;
    case 'factor-removed':
      return `Signing in to your account no longer asks for a code from an authenticator app. ${UNLESS_YOU}`;
    case 'factor-reset':
      return 'A super administrator removed your two-step verification and signed you out everywhere. Sign in with your password and set it up again from your Profile.';
    case 'passkey-added':
      return `Signing in to your account now also accepts a new passkey. ${UNLESS_YOU}`;
    case 'passkey-removed':
      return `A passkey can no longer be used to sign in to your account. ${UNLESS_YOU}`;
    case 'sessions-ended':
      return `Every other browser signed in to your account was signed out. ${UNLESS_YOU}`;
    case 'codes-guessed':
      return "Someone entered your password correctly and then several wrong two-step verification codes. They cannot sign in without a right code, but they know your password: change your password now with 'Forgot your password?' on the sign-in page. If it was you mistyping codes, you can ignore this email.";
    case 'password-changed':
      return 'The password of your account was changed from your Profile, and every other browser signed in to it was signed out. If this was not you, reset your password now with "Forgot your password?" on the sign-in page.';
  }
}

/** Enqueues the notice in the transaction of the change it reports. */
export function enqueueSecurityNotice(
  queue: JobQueue,
  db: Queryable,
  notice: { userId: string; event: SecurityEvent; sessionId?: string },
) {
  return queue.enqueue(db, securityNoticeJob, notice);
}

export function registerSecurityNoticeJob(queue: JobQueue, context: NotificationContext) {
  queue.register(securityNoticeJob, async (payload, running) => {
    const email = await emailOf(context.db, payload.userId);
    if (email === null) return skipped(context, running, securityNoticeJob.name, 'the user is gone');
    const session = payload.sessionId ? await sessionBrowser(context.db, payload.sessionId) : undefined;
    const message = { to: email, subject: SUBJECTS[payload.event], text: bodyOf(payload.event, session) };
    await context.sendMail(message, sendOptionsOf(running));
  });
}
