import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentEmailsTo } from '../../test/support/sent-mail';
import { bearer, createTestApp, seedUser, TEST_PASSWORD, type TestApp } from '../../test/support/test-app';

// Change password from Profile: proven by the current password, counted like sign-ins,
// ends every other session, and tells the owner by email.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object | undefined, token?: string, address = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {}, remoteAddress: address });
const signIn = (email: string, password: string, address?: string) =>
  post('/api/resident/login', { email, password, userType: 'resident' }, undefined, address);
const change = (token: string, currentPassword: string, newPassword: string, address?: string) =>
  post('/api/profile/change-password', { currentPassword, newPassword }, token, address);

describe('POST /api/profile/change-password', () => {
  it('changes the password, keeps this session, ends every other one and emails a notice', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    const other = (await signIn(user.email, TEST_PASSWORD)).json().token as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/sessions', headers: bearer(other) })).statusCode).toBe(200);

    const answer = await change(user.token, TEST_PASSWORD, 'a-new-password-27');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().message).toBe(ACCOUNT_MESSAGES.passwordChanged);

    expect((await t.app.inject({ method: 'GET', url: '/api/sessions', headers: bearer(user.token) })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/sessions', headers: bearer(other) })).statusCode).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user.email, 'a-new-password-27')).statusCode).toBe(200);
    const notices = (await sentEmailsTo(t.app, user.email)).filter(
      (mail) => mail.subject === 'Your Gatehouse password was changed',
    );
    expect(notices).toHaveLength(1);
  });

  it('a wrong current password says so on its field, changes nothing, and counts against the sign-in limits', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    const wrong = await change(user.token, 'not-the-password', 'another-password', '10.27.0.1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong });
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push((await change(user.token, `guess-${attempt}`, 'another-password', '10.27.0.1')).statusCode);
    }
    expect(statuses).toContain(429);
    // Guessing through the session used up this address's sign-in attempts for the account too.
    expect((await signIn(user.email, TEST_PASSWORD, '10.27.0.1')).statusCode).toBe(429);
  });

  it('keeps the password rules and says the limits', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    const short = await change(user.token, TEST_PASSWORD, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ newPassword: 'Password must be at least 6 characters long' });
    const missing = await post('/api/profile/change-password', { newPassword: 'long-enough' }, user.token);
    expect(missing.json().fieldErrors).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired });
  });
});
