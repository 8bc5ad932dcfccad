import { z } from 'zod';
import { MESSAGES } from '../messages';
import './sentences';
import { EMAIL_PATTERN } from './email-text';

/** An email field: trimmed, checked, then lowercased. */
export function emailField(message: string = MESSAGES.invalidEmail) {
  return z
    .string({ error: message })
    .max(254, message)
    .trim()
    .regex(EMAIL_PATTERN, message)
    .transform((value) => value.toLowerCase());
}
