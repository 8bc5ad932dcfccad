import { describe, expect, it } from 'vitest';
import { emptyRegisterUserForm, registerUserError, toRegisterRequest } from './register-user-form';

const filled = { ...emptyRegisterUserForm('p-1'), firstName: 'Ada', lastName: 'Byron', email: ' Ada@Example.COM ' };

describe('register user form (SPEC §5)', () => {
  it('asks for every required field, a valid email and a 10-digit phone', () => {
    expect(registerUserError(emptyRegisterUserForm('p-1'))).toBe('All fields are required');
    expect(registerUserError({ ...filled, email: 'nope' })).toBe('Please enter a valid email address');
    expect(registerUserError({ ...filled, phoneNumber: '555-123' })).toBe(
      'Phone number must be 10 digits long and contain only numbers',
    );
    expect(registerUserError({ ...filled, propertyId: '' })).toBe('Property is required');
    expect(registerUserError({ ...filled, propertyId: '', role: 'superadmin' })).toBeNull();
    expect(registerUserError(filled)).toBeNull();
  });

  it('lowercases the email, sends no password, and no property for a super user', () => {
    expect(toRegisterRequest(filled)).toEqual({
      firstName: 'Ada',
      lastName: 'Byron',
      email: 'ada@example.com',
      phoneNumber: '',
      role: 'resident',
      _id: 'p-1',
    });
    expect(toRegisterRequest({ ...filled, role: 'superadmin' })._id).toBe('');
  });
});
