import { z } from 'zod';
import { MESSAGES } from '../messages';
import { isTenDigits, toStoredPhone } from './phone';

/** '' means no phone; otherwise exactly 10 digits, stored as +1 and the digits. */
export const optionalPhone = z
  .string()
  .trim()
  .refine((value) => value === '' || isTenDigits(value), MESSAGES.phoneRegisterUser)
  .transform((value) => (value === '' ? null : toStoredPhone(value)));
