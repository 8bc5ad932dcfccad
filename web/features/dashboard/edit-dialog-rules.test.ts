import { describe, expect, it } from 'vitest';
import { editUserErrors } from './edit-user-dialog';
import { editVisitorErrors } from './edit-visitor-dialog';

const user = { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '', role: 'resident' as const, propertyId: 'p' };

describe('dashboard edit dialogs (SPEC §5)', () => {
  it('uses the edit-user messages', () => {
    expect(editUserErrors({ ...user, email: 'nope', phone: '123' })).toEqual({
      email: 'Invalid email format',
      phone: 'Phone number must be 10 digits',
    });
    expect(editUserErrors({ ...user, phone: '5551234567' })).toEqual({});
    expect(editUserErrors({ ...user, role: 'superadmin', propertyId: '' })).toEqual({});
  });
  it('uses the general email message for visitors', () => {
    expect(editVisitorErrors({ firstName: 'A', lastName: '', email: 'x' })).toEqual({
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
    });
  });
});
