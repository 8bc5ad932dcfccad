import { z } from 'zod';
import { MESSAGES } from '../messages';
import './sentences';

// SPEC §5: letters, digits and ._%+- before @, a domain, and a TLD of 2 or more letters.
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** An email field: trimmed, checked, then lowercased. */
export function emailField(message: string = MESSAGES.invalidEmail) {
  return z
    .string({ error: message })
    .max(254, message)
    .trim()
    .regex(EMAIL_PATTERN, message)
    .transform((value) => value.toLowerCase());
}
