import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { emptyRegisterUserForm, registerUserFormSchema, toRegisterRequest } from './register-user-form';

const filled = { ...emptyRegisterUserForm('p-1'), firstName: 'Ada', lastName: 'Byron', email: ' Ada@Example.COM ' };
const errorsOf = schemaResolver(registerUserFormSchema, { sync: true });

describe('register user form (docs/SPEC.md §5)', () => {
  it('puts each rule on its own field, all at once', () => {
    expect(errorsOf(emptyRegisterUserForm(''))).toEqual({
      firstName: 'All fields are required',
      lastName: 'All fields are required',
      email: 'Email is required',
      propertyId: 'Property is required',
    });
    expect(errorsOf({ ...filled, email: 'nope', phoneNumber: '555123' })).toEqual({
      email: 'Please enter a valid email address',
      phoneNumber: 'Phone number must be 10 digits long and contain only numbers',
    });
    expect(errorsOf({ ...filled, propertyId: '', role: 'superadmin' })).toEqual({});
    expect(errorsOf(filled)).toEqual({});
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
