import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteTokenOf, latestEmailTo, resetTokenOf } from '../../test/support/account-test-support';
import { bearer, createTestApp, login, seedUser, type TestApp, uniqueEmail } from '../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SUCCESS =
  'An email has been sent to the entered address with instructions to reset your password. This email is valid for 10 minutes.';
const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/resident/request-password-reset', payload: { email } });
const validate = (token: string) => t.app.inject({ method: 'GET', url: `/api/resident/validate-reset-token/${token}` });
const reset = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: `/api/resident/reset-password/${token}`, payload: { newPassword } });

describe('password reset', () => {
  it('answers the same whether or not the email exists, and mails only a real account', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    const nobody = uniqueEmail('nobody');
    const known = await requestReset(user.email.toUpperCase());
    const unknown = await requestReset(nobody);
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual({ message: SUCCESS });
    expect(unknown.json()).toEqual({ message: SUCCESS });
    expect(await latestEmailTo(t.app, nobody)).toBeNull();
    expect((await latestEmailTo(t.app, user.email))?.text).toContain('http://gatehouse.test/set-new-password/');
  });

  it('resets once, ends earlier sessions, and the new password signs in', async () => {
    const user = await seedUser(t.app, { role: 'admin' });
    await requestReset(user.email);
    const token = resetTokenOf(await latestEmailTo(t.app, user.email));
    expect((await validate(token)).statusCode).toBe(200);
    const done = await reset(token, 'brand-new-password');
    expect(done.statusCode).toBe(200);
    const old = await t.app.inject({ method: 'POST', url: '/api/token/refresh', headers: bearer(user.token) });
    expect(old.statusCode).toBe(401);
    await login(t.app, user.email, 'brand-new-password', 'admin');
    const again = await reset(token, 'another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('The reset token has expired or is invalid');
    expect((await validate(token)).statusCode).toBe(400);
  });

  it('expires after 10 minutes', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    await requestReset(user.email);
    const token = resetTokenOf(await latestEmailTo(t.app, user.email));
    t.clock.advance(9 * 60 * 1000);
    expect((await validate(token)).statusCode).toBe(200);
    t.clock.advance(61 * 1000);
    expect((await validate(token)).json()).toEqual({
      message: 'The reset token has expired or is invalid',
      requestId: expect.any(String),
    });
    expect((await reset(token, 'too-late-password')).statusCode).toBe(400);
    await login(t.app, user.email, user.password, 'resident');
  });

  it('a newer link replaces an older one, and a short password is refused by field', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    await requestReset(user.email);
    const first = resetTokenOf(await latestEmailTo(t.app, user.email));
    t.clock.advance(1000);
    await requestReset(user.email);
    const second = resetTokenOf(await latestEmailTo(t.app, user.email));
    expect(second).not.toBe(first);
    expect((await validate(first)).statusCode).toBe(400);
    const short = await reset(second, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ newPassword: 'Password must be at least 6 characters long' });
    expect((await validate(second)).statusCode).toBe(200);
  });
});

describe('reset of an invited user', () => {
  it('sets the first password and retires the invitation link', async () => {
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const email = uniqueEmail('invited');
    await t.app.inject({
      method: 'POST',
      url: '/api/resident/register',
      headers: bearer(superadmin.token),
      payload: { firstName: 'In', lastName: 'Vited', email, role: 'superadmin' },
    });
    const invite = inviteTokenOf(await latestEmailTo(t.app, email));
    await requestReset(email);
    expect((await reset(resetTokenOf(await latestEmailTo(t.app, email)), 'chosen-by-reset')).statusCode).toBe(200);
    await login(t.app, email, 'chosen-by-reset', 'superadmin');
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/resident/verify-email',
      payload: { _id: invite, newPassword: 'another-one' },
    });
    expect(late.json().message).toMatch(/already been used/);
  });
});
