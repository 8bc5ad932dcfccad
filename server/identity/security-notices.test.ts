import { generate } from 'otplib/functional';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentEmailsTo } from '../../test/support/sent-mail';
import { bearer, createTestApp, seedUser, TEST_PASSWORD, type TestApp } from '../../test/support/test-app';

// Emails on security events (an owner hears of changes they did not make), sent through the job queue, and the superadmin reset.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const post = (url: string, payload?: object, token?: string, userAgent?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(token ? bearer(token) : {}), ...(userAgent ? { 'user-agent': userAgent } : {}) },
  });
const subjectsTo = async (email: string) => (await sentEmailsTo(t.app, email)).map((mail) => mail.subject);
const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

async function enrol(token: string) {
  const { secret } = (await post('/api/second-factor/totp/setup', undefined, token)).json();
  await post('/api/second-factor/totp/confirm', { code: await codeAt(secret) }, token);
  return secret as string;
}

describe('security notices', () => {
  it('emails a sign-in from a browser not seen before, once', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    const signIn = () =>
      post(
        '/api/resident/login',
        { email: user.email, password: TEST_PASSWORD, userType: 'resident' },
        undefined,
        FIREFOX,
      );
    expect((await signIn()).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
    const notices = (await sentEmailsTo(t.app, user.email)).filter((mail) => mail.subject?.startsWith('New sign-in'));
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain('Firefox on Linux');
  });

  it('emails when two-step verification is turned on and off, and when every other session ends', async () => {
    const user = await seedUser(t.app, { role: 'admin' });
    const secret = await enrol(user.token);
    t.clock.advance(30_000);
    expect((await post('/api/second-factor/turn-off', { code: await codeAt(secret) }, user.token)).statusCode).toBe(
      200,
    );
    await post('/api/resident/login', { email: user.email, password: TEST_PASSWORD, userType: 'admin' });
    await post('/api/sessions/end-others', undefined, user.token);
    expect(await subjectsTo(user.email)).toEqual([
      'Two-step verification turned on',
      'Two-step verification turned off',
      'You were signed out everywhere else',
    ]);
  });
});

describe("a super administrator resetting someone's second factor", () => {
  it('removes it, signs the user out everywhere and emails them; no one else may', async () => {
    const root = await seedUser(t.app, { role: 'superadmin' });
    const user = await seedUser(t.app, { role: 'superadmin' });
    await enrol(user.token);
    const other = await seedUser(t.app, { role: 'admin' });
    const url = `/api/resident/${user.id}/second-factor/reset`;
    expect((await post(url, undefined, other.token)).statusCode).toBe(403);
    expect((await post(url, undefined, root.token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/sessions', headers: bearer(user.token) })).statusCode).toBe(
      401,
    );
    const answer = await post('/api/resident/login', {
      email: user.email,
      password: TEST_PASSWORD,
      userType: 'superadmin',
    });
    expect(answer.json()).toHaveProperty('token');
    expect(await subjectsTo(user.email)).toContain('Your two-step verification was reset by an administrator');
  });
});
