import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
import { EMAIL_PATTERN } from './email-text';
import { whenMissing } from './when-missing';

/**
 * An email field: trimmed, checked, then lowercased. Empty says it is required and too long says
 * the limit; anything else that is not an address gets the screen's own `message`.
 */
export function emailField(message: string = MESSAGES.invalidEmail) {
  return (
    z
      .string({ error: whenMissing(MESSAGES.emailRequired) })
      .trim()
      .min(1, MESSAGES.emailRequired)
      .max(EMAIL_MAX_LENGTH, MESSAGES.tooLong('Email', EMAIL_MAX_LENGTH))
      // One sentence per problem: the pattern is judged only on an address of a possible length.
      .refine((value) => value === '' || value.length > EMAIL_MAX_LENGTH || EMAIL_PATTERN.test(value), message)
      .transform((value) => value.toLowerCase())
  );
}
