import { PHONE_COUNTRY_PREFIX, PHONE_DIGITS } from '../constants';

const TEN_DIGITS = new RegExp(`^\\d{${PHONE_DIGITS}}$`);

export function isTenDigits(value: string): boolean {
  return TEN_DIGITS.test(value);
}

/** Strips everything but digits (bulk rows, pasted numbers). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** The stored form: +1 followed by 10 digits. Accepts 10 digits, or +1/1 followed by 10 digits. */
export function toStoredPhone(value: string): string | null {
  const digits = digitsOnly(value);
  if (isTenDigits(digits)) return `${PHONE_COUNTRY_PREFIX}${digits}`;
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith('1')) return `${PHONE_COUNTRY_PREFIX}${digits.slice(1)}`;
  return null;
}

/**
 * What a phone field keeps of what was typed or pasted: its digits, without a leading +1 country
 * code, at most 10 ('(555) 123-4567' and '+1 555 123 4567' both keep 5551234567).
 */
export function typedPhoneDigits(value: string): string {
  const digits = digitsOnly(value);
  const national = digits.length > PHONE_DIGITS && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.slice(0, PHONE_DIGITS);
}

/** Digits with the punctuation people write numbers with: '(555) 123-4567', '+1 555.123.4567'. */
const WRITTEN_NUMBER = /^[\d\s().+-]*$/;

/**
 * What a phone field keeps of what was typed: a written number keeps its digits (typedPhoneDigits);
 * text holding anything else (letters) is kept as typed, so its error can say what is wrong
 * instead of the letters silently vanishing.
 */
export function typedPhoneText(value: string): string {
  return WRITTEN_NUMBER.test(value) ? typedPhoneDigits(value) : value;
}

/** Whether a phone field holds anything but digits (after typedPhoneText: letters were typed). */
export const holdsNonDigits = (value: string) => /\D/.test(value);

/** The 10 national digits of a stored +1 number, for editing. */
export function nationalDigits(stored: string | null | undefined): string {
  if (!stored) return '';
  const digits = digitsOnly(stored);
  return digits.length === PHONE_DIGITS + 1 ? digits.slice(1) : digits;
}
