import { z } from 'zod';
import { boundedText } from '../validation/visible-text';
import { idSchema } from './common';

export const SUSPENSION_MESSAGES = {
  /** Sign-in of a suspended person, or one outside their access dates. */
  accessPaused: (propertyName: string) =>
    `Your access at ${propertyName} is paused. Please contact your property manager.`,
  reasonRequired: 'Say why this person is suspended',
  cannotSuspendSelf: 'You cannot suspend your own account',
  cannotSuspendSuperadmin: 'Super administrators cannot be suspended',
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
