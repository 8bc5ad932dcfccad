import { updateVisitorRequest } from '@core/api/dashboard';
import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { editUserFormSchema } from './edit-user-dialog';

const ID = '7b0c6f1e-4a7e-4b8e-9a51-1d2f3c4b5a69';
const user = {
  _id: ID,
  firstName: 'A',
  lastName: 'B',
  email: 'a@b.co',
  phoneNumber: '',
  role: 'resident',
  propertyId: ID,
};
const userErrors = schemaResolver(editUserFormSchema, { sync: true });
const visitorErrors = schemaResolver(updateVisitorRequest, { sync: true });

describe('dashboard edit dialogs (docs/SPEC.md §5), every error on its field', () => {
  it('uses the edit-user messages', () => {
    expect(userErrors({ ...user, email: 'nope', phoneNumber: '123' })).toEqual({
      email: 'Invalid email format',
      phoneNumber: 'Phone number must be 10 digits',
    });
    expect(userErrors({ ...user, phoneNumber: '5551234567' })).toEqual({});
    expect(userErrors({ ...user, propertyId: '' })).toEqual({ propertyId: 'Property is required for this role' });
    expect(userErrors({ ...user, role: 'superadmin', propertyId: '' })).toEqual({});
  });
  it('uses the general email message for visitors', () => {
    expect(visitorErrors({ _id: ID, firstName: 'A', lastName: '', email: 'x' })).toEqual({
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
    });
  });
});
