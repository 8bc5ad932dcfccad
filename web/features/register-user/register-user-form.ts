import { ACCOUNT_MESSAGES, type RegisterUserRequest, registerUserRequest } from '@core/api/accounts';
import type { Role } from '@core/roles';
import { z } from 'zod';

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

/** The form's fields, checked by the request schema of core/ (docs/SPEC.md §5); a property unless a super user. */
export const registerUserFormSchema = registerUserRequest
  .omit({ _id: true, password: true })
  .extend({ propertyId: z.string() })
  .refine((form) => form.role === 'superadmin' || form.propertyId !== '', {
    path: ['propertyId'],
    error: ACCOUNT_MESSAGES.propertyRequired,
  });

/** The server names the property `_id`; the form calls it propertyId. */
export const REGISTER_USER_FIELDS = { _id: 'propertyId' };

/** The request of docs/SPEC.md §7; the password is chosen by the invitee, so none is sent. */
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
