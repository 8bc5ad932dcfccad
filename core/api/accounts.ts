import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
import { ROLES } from '../roles';
import { emailField } from '../validation/email';
import { needs } from '../validation/issue-messages';
import { newPasswordField } from '../validation/password';
import { toStoredPhone } from '../validation/phone';
import { optionalPhone } from '../validation/phone-field';
import { requiredName } from '../validation/visible-text';
import { whenMissing } from '../validation/when-missing';
import { idSchema } from './common';
import { decideBy } from './entry';

/** Texts of the account screens and answers (docs/SPEC.md §2, §5, §8), shared by browser and server. */
export const ACCOUNT_MESSAGES = {
  userCreated: 'User successfully created',
  registrationFailed: 'Registration failed',
  duplicateEmail: 'A user with this email address already exists',
  propertyRequired: 'Property is required',
  propertyNotFound: 'Property not found',
  superadminHasNoProperty: 'A super administrator does not belong to a property',
  roleNotAllowed: 'You may register only residents and property managers of your own property',
  emailVerified: 'Your password is set and you are signed in',
  verifyFailed: 'Error verifying email',
  inviteValid: 'This invitation link is valid',
  inviteInvalid: 'This invitation link is invalid. Ask whoever invited you for a new one.',
  inviteUsed: 'This invitation link has already been used. Sign in with your password or reset it.',
  inviteExpired: 'This invitation link has expired. Ask whoever invited you for a new one.',
  resetRequested:
    'An email has been sent to the entered address with instructions to reset your password. This email is valid for 10 minutes.',
  resetRequestFailed: 'Error requesting password reset',
  resetTokenInvalid: 'The reset token has expired or is invalid',
  resetTokenValid: 'The reset token is valid',
  passwordReset: 'Your password has been reset. You can now sign in with your new password.',
  resetFailed: 'Error resetting password',
  profileLoadFailed: 'Failed to load your profile',
  preferencesUpdated: 'Notification preferences updated',
  smsNeedsPhone: 'Add a phone number before turning on SMS notifications',
  phoneUpdated: 'Phone number updated',
  phoneProfileField: 'Phone number is required.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'The current password is not correct',
  passwordChanged: 'Your password is changed. Every other browser signed in to your account was signed out.',
  pinFeatureMissing: "Secure PIN is not enabled for this user's property",
  pinNotForSuperadmin: 'A super administrator has no secure PIN',
  pinLockedOut: 'Too many wrong PINs. This keypad is locked for 5 minutes.',
  pinGranted: 'PIN accepted',
  pinWrong: 'Wrong PIN',
  pinFeatureOff: 'Secure PIN is not enabled at this property',
} as const;

const personName = (label: string) =>
  requiredName(label, PERSON_NAME_MAX_LENGTH, `${label} is required`, MESSAGES.allFieldsRequired);

/**
 * POST /api/resident/register (docs/SPEC.md §7). `password` is accepted for compatibility with §7's
 * form and ignored: the new user is invited and chooses their own password (DESIGN, Accounts).
 * `_id` is the property id; '' means none (a super administrator has none).
 */
export const registerUserRequest = z.strictObject({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: emailField(),
  phoneNumber: optionalPhone.optional().default(''),
  password: z.string().max(200).optional(),
  role: z.enum(ROLES, { error: needs('must be resident, admin or superadmin') }).default('resident'),
  _id: z
    .union([z.literal(''), idSchema])
    .optional()
    .default(''),
});
export type RegisterUserRequest = z.input<typeof registerUserRequest>;

export const registerUserResponse = z.object({ message: z.string(), _id: z.string() });

export const verifyEmailRequest = z.strictObject({
  _id: z
    .string({ error: whenMissing(ACCOUNT_MESSAGES.inviteInvalid) })
    .min(1, ACCOUNT_MESSAGES.inviteInvalid)
    .max(200),
  newPassword: newPasswordField,
});
export const messageAndToken = z.object({ message: z.string(), token: z.string() });

export const requestPasswordResetRequest = z.strictObject({ email: emailField() });
export const resetTokenParams = z.strictObject({ token: z.string().min(1).max(200) });
export const resetPasswordRequest = z.strictObject({ newPassword: newPasswordField });

/** POST /api/profile/change-password: the signed-in person's own password, proven by the current one. */
export const changePasswordRequest = z.strictObject({
  currentPassword: z
    .string({ error: whenMissing(ACCOUNT_MESSAGES.currentPasswordRequired) })
    .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.tooLong('Current password', PASSWORD_MAX_LENGTH)),
  newPassword: newPasswordField,
});

export const userIdParams = z.strictObject({ userId: idSchema });

/** Email, SMS and push on or off, and the push events that have their own switch. */
const preferencesSchema = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  push: z.boolean(),
  pushGateFailed: z.boolean(),
  pushKeypadLocked: z.boolean(),
  pushLockdown: z.boolean(),
  /** Someone calls from a gate's intercom (decision 0093). */
  pushIntercom: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const profileSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  role: z.enum(ROLES),
  propertyId: z.string().nullable(),
  preferences: preferencesSchema,
  /** Present only where the caller may see it and the property has securepin. */
  securePin: z.string().nullable(),
});
export type ProfileDto = z.infer<typeof profileSchema>;

export const phoneAvailability = z.object({ available: z.boolean() });

export const updatePreferencesRequest = z.strictObject({
  email: z.boolean(),
  sms: z.boolean(),
  /** Notifications on the devices turned on in Profile; absent: unchanged. */
  push: z.boolean().optional(),
  /** Each push event's own switch (a gate you opened did not open; managers: keypad locked, lockdown); absent: unchanged. */
  pushGateFailed: z.boolean().optional(),
  pushKeypadLocked: z.boolean().optional(),
  pushLockdown: z.boolean().optional(),
  pushIntercom: z.boolean().optional(),
});
export const preferencesResponse = z.object({
  message: z.string(),
  preferences: preferencesSchema,
});

/** 10 digits, or +1 followed by 10 digits; stored as +1 and the digits. */
export const updatePhoneNumberRequest = z.strictObject({
  phoneNumber: z
    .string({ error: whenMissing(ACCOUNT_MESSAGES.phoneProfileField) })
    .max(20, MESSAGES.tooLong('Phone number', 20))
    .trim()
    .refine((value) => /^(\+1)?\d{10}$/.test(value), MESSAGES.phoneProfile)
    .transform((value) => toStoredPhone(value) as string),
});
export const phoneNumberResponse = z.object({ message: z.string(), phoneNumber: z.string() });

export const securePinResponse = z.object({ success: z.boolean(), securePin: z.string() });
/** GET /api/resident/:userId/pin: one user's PIN on Reveal (null: none assigned yet); lists never carry it. */
export const revealedPinResponse = z.object({ securePin: z.string().nullable() });

/** POST /api/access/pin from a keypad (DESIGN, Operating interface). */
export const pinEntryRequest = z.strictObject({
  pin: z.string().regex(/^\d{6}$/, 'PIN must be 6 digits.'),
  decideBy,
});
