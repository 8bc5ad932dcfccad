import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type SeededUser, seedUser, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
let superadmin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  superadmin = await seedUser(t.app, { role: 'superadmin' });
});
afterAll(() => t.close());

/** A sentence a person can read: no "field: ..." prefix, no raw API key, starts with a capital. */
const readable = (message: string) => {
  expect(message).not.toMatch(/^[A-Za-z_.0-9]+: /);
  expect(message).toMatch(/^[A-Z“]/);
};

describe('error answers are sentences from core/, with the fields named in fieldErrors', () => {
  it('an empty sign-in says what is missing in words', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/resident/login', payload: {} });
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    readable(body.message);
    expect(body.message).toBe(
      'Email is required. Password is required. Login type must be resident, admin or superadmin.',
    );
    expect(Object.keys(body.fieldErrors)).toEqual(['email', 'password', 'userType']);
  });

  it('a bad visitor id in the address reads as a sentence, not "visitorId: must be a valid id"', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/visitor/not-an-id/qr-codes',
      headers: bearer(superadmin.token),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: 'Visitor id is not a valid id.',
      fieldErrors: { visitorId: 'Visitor id is not a valid id.' },
      requestId: expect.any(String),
    });
  });

  it('a bad time in a weekday row names the row in words', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/visitor/register',
      headers: bearer(superadmin.token),
      payload: {
        firstName: 'Vera',
        lastName: 'Visitor',
        email: 'vera@example.com',
        qrType: 'weekdays',
        recurringDays: [{ day: 'Monday', startTime: '9am', endTime: '10:00' }],
      },
    });
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    readable(body.message);
    expect(body.fieldErrors['recurringDays.0.startTime']).toBe(
      'Start time (recurring days, row 1) must be a 24-hour time HH:MM, such as 09:00.',
    );
  });

  it('an unexpected field is named in quotes', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/resident/login',
      payload: { email: 'a@b.co', password: 'x', userType: 'resident', admin: true },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: 'The field “admin” is not accepted here.',
      fieldErrors: { admin: 'The field “admin” is not accepted here.' },
      requestId: expect.any(String),
    });
  });

  it('a rule checked by the server itself names its field too', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/visitor/register',
      headers: bearer(superadmin.token),
      payload: {
        firstName: 'Vera',
        lastName: 'Visitor',
        email: 'vera@example.com',
        qrType: 'weekdays',
        recurringDays: [{ day: 'Monday', startTime: '09:00', endTime: '10:00' }],
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: 'Property is required',
      fieldErrors: { PID: 'Property is required' },
      requestId: expect.any(String),
    });
  });

  it('malformed JSON is a sentence', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/resident/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('The request body is not valid JSON.');
  });
});

describe('a value over its limit is told the limit, not that it is missing', () => {
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(superadmin.token) });

  it('a 1 MB first name answers 400 with the length sentence, and an empty email says it is required', async () => {
    const answer = await post('/api/resident/register', {
      firstName: 'x'.repeat(1024 * 1024),
      lastName: 'Long',
      email: '',
      role: 'superadmin',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors).toEqual({
      firstName: 'First name can be at most 100 characters',
      email: 'Email is required',
    });
  });

  it('a 300-character property name names the property name and its limit', async () => {
    const answer = await post('/api/property/register', {
      propertyName: 'p'.repeat(300),
      propertyLocation: '1 Long Road',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors).toEqual({ propertyName: 'Property name can be at most 200 characters' });
  });
});
