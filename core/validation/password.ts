import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
import { whenMissing } from './when-missing';

export function meetsPasswordRequirements(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH;
}

/** Errors for a new password and its confirmation (docs/SPEC.md §5), or null when both are fine. */
export function newPasswordError(password: string, confirmation: string, tooShortMessage: string): string | null {
  if (!meetsPasswordRequirements(password)) return tooShortMessage;
  if (password !== confirmation) return MESSAGES.passwordsDoNotMatch;
  return null;
}

/**
 * A new password and its confirmation, each rule on its own field: too short on the password
 * (the screen's own words, docs/SPEC.md §5), a mismatch on the confirmation. `fields` adds the form's
 * other fields (Change password's current password).
 */
export const newPasswordForm = (tooShortMessage: string, fields: Record<string, z.ZodType> = {}) =>
  z
    .object({
      ...fields,
      password: z
        .string()
        .min(PASSWORD_MIN_LENGTH, tooShortMessage)
        .max(PASSWORD_MAX_LENGTH, MESSAGES.tooLong('Password', PASSWORD_MAX_LENGTH)),
      confirmation: z.string(),
    })
    .refine((value) => value.password === value.confirmation, {
      path: ['confirmation'],
      error: MESSAGES.passwordsDoNotMatch,
    });

export const newPasswordField = z
  .string({ error: whenMissing(MESSAGES.passwordTooShort) })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.tooLong('Password', PASSWORD_MAX_LENGTH));
