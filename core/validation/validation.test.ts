import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { emailField } from './email';
import { isValidEmail } from './email-text';
import { newPasswordError } from './password';
import { holdsNonDigits, isTenDigits, nationalDigits, toStoredPhone, typedPhoneDigits, typedPhoneText } from './phone';

describe('email (docs/SPEC.md §5)', () => {
  it.each(['a@b.co', 'first.last+tag@example.com', 'x_y%z-1@sub.domain.org', 'UPPER@CASE.IO'])(
    'accepts %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );
  it.each(['', 'plain', 'a@b', 'a@b.c', 'a b@c.com', 'a@b.c0m', '@b.com', 'a@.com!', 'a#b@c.com'])(
    'rejects %s',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
  it('lowercases a valid email and explains an invalid one', () => {
    expect(emailField().parse(' Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
    const failure = emailField().safeParse('nope');
    expect(failure.success).toBe(false);
    expect(failure.error?.issues[0].message).toBe('Please enter a valid email address');
    expect(emailField(MESSAGES.invalidEmailBulk).safeParse('x').error?.issues[0].message).toBe(
      'Invalid email address.',
    );
  });
});

describe('passwords (docs/SPEC.md §5)', () => {
  it('needs at least 6 characters and a matching confirmation', () => {
    expect(newPasswordError('12345', '12345', MESSAGES.passwordRequirements)).toBe(
      'Please meet all password requirements',
    );
    expect(newPasswordError('12345', '12345', MESSAGES.passwordTooShort)).toBe(
      'Password must be at least 6 characters long',
    );
    expect(newPasswordError('123456', '123457', MESSAGES.passwordTooShort)).toBe('Passwords do not match');
    expect(newPasswordError('123456', '123456', MESSAGES.passwordTooShort)).toBeNull();
  });
});

describe('phone numbers (docs/SPEC.md §5, §9)', () => {
  it('accepts exactly 10 digits', () => {
    expect(isTenDigits('5551234567')).toBe(true);
    expect(isTenDigits('555123456')).toBe(false);
    expect(isTenDigits('55512345678')).toBe(false);
    expect(isTenDigits('555-123-4567')).toBe(false);
  });
  it('keeps the 10 digits of a pasted number, with or without its +1', () => {
    expect(typedPhoneDigits('(555) 123-4567')).toBe('5551234567');
    expect(typedPhoneDigits('+1 (555) 123-4567')).toBe('5551234567');
    expect(typedPhoneDigits('555.123.45678')).toBe('5551234567');
    expect(typedPhoneDigits('555-12')).toBe('55512');
    expect(typedPhoneText('(555) 123-4567')).toBe('5551234567');
    expect(typedPhoneText('555abc')).toBe('555abc');
    expect(holdsNonDigits('555abc')).toBe(true);
  });

  it('stores +1 and 10 digits, and reads the 10 digits back', () => {
    expect(toStoredPhone('(555) 123-4567')).toBe('+15551234567');
    expect(toStoredPhone('+1 555 123 4567')).toBe('+15551234567');
    expect(toStoredPhone('12345')).toBeNull();
    expect(nationalDigits('+15551234567')).toBe('5551234567');
    expect(nationalDigits(null)).toBe('');
  });
});
