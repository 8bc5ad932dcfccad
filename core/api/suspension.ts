import { z } from 'zod';
import { boundedText } from '../validation/visible-text';
import { idSchema } from './common';

export const SUSPENSION_MESSAGES = {
  /** Sign-in of a suspended person, or one outside their access dates. */
  accessPaused: (propertyName: string) =>
    `Your access at ${propertyName} is paused. Please contact your property manager.`,
  /** Sign-in before the first day of the person's access dates; `when` as readableTime says it. */
  accessStarts: (propertyName: string, when: string) =>
    `Your access at ${propertyName} starts on ${when}. Please contact your property manager if you need it sooner.`,
  /** Sign-in after the last day of the person's access dates. */
  accessEnded: (propertyName: string, when: string) =>
    `Your access at ${propertyName} ended on ${when}. Please contact your property manager.`,
  /** The sign-in page, after the server ended the session because the person's access is paused. */
  signedOut: (why: string) => `You were signed out. ${why}`,
  reasonRequired: 'Say why this person is suspended',
  cannotSuspendSelf: 'You cannot suspend your own account',
  cannotResumeSelf: 'You cannot give yourself your access back. Ask another manager or a super administrator.',
  cannotSuspendSuperadmin: 'Super administrators cannot be suspended',
  /** The confirmation before a suspension, in the Edit User dialog. */
  suspendConsequences:
    'They are signed out at once, and their app, Secure PIN, cards and the passes they made stop opening gates until you resume their access.',
  suspended: 'Access paused',
  resumed: 'Access resumed',
  accessDatesOrder: 'Access until must be on or after access from',
  invalidDate: 'Enter a date as YYYY-MM-DD',
} as const;

export const SUSPENSION_REASON_MAX = 200;

export const suspensionParams = z.strictObject({ userId: idSchema });
export const suspendRequest = z.strictObject({
  reason: boundedText('Reason', SUSPENSION_REASON_MAX, SUSPENSION_MESSAGES.reasonRequired).min(
    1,
    SUSPENSION_MESSAGES.reasonRequired,
  ),
});

/** A day of the property's calendar, or empty/null for none (move-in, move-out). */
export const accessDateField = z
  .union([z.iso.date({ error: SUSPENSION_MESSAGES.invalidDate }), z.literal('')])
  .nullable()
  .optional();

/** From must not come after until; both as YYYY-MM-DD compare as text. */
export const accessDatesInOrder = (value: { accessFrom?: string | null; accessUntil?: string | null }) =>
  !value.accessFrom || !value.accessUntil || value.accessFrom <= value.accessUntil;
