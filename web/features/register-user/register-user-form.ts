import { ACCOUNT_MESSAGES, type RegisterUserRequest } from '@core/api/accounts';
import { MESSAGES } from '@core/messages';
import type { Role } from '@core/roles';
import { isValidEmail } from '@core/validation/email';
import { isTenDigits } from '@core/validation/phone';

export interface RegisterUserForm {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  role: Role;
  propertyId: string;
}

export const emptyRegisterUserForm = (propertyId = ''): RegisterUserForm => ({
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  role: 'resident',
  propertyId,
});

/** The first rule of SPEC §5 the form breaks, or null. */
export function registerUserError(form: RegisterUserForm): string | null {
  if (!form.firstName.trim() || !form.lastName.trim() || !form.email.trim()) return MESSAGES.allFieldsRequired;
  if (!isValidEmail(form.email)) return MESSAGES.invalidEmail;
  if (form.phoneNumber && !isTenDigits(form.phoneNumber)) return MESSAGES.phoneRegisterUser;
  if (form.role !== 'superadmin' && !form.propertyId) return ACCOUNT_MESSAGES.propertyRequired;
  return null;
}

/** The request of SPEC §7; the password is chosen by the invitee, so none is sent. */
export function toRegisterRequest(form: RegisterUserForm): RegisterUserRequest {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim().toLowerCase(),
    phoneNumber: form.phoneNumber,
    role: form.role,
    _id: form.role === 'superadmin' ? '' : form.propertyId,
  };
}
