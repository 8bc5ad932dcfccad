import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticatorCode, wrongCode } from '../../../test/support/authenticator-app';
import { bearer, createTestApp, login, seedUser, TEST_PASSWORD, type TestApp } from '../../../test/support/test-app';
import { SERVER_MESSAGES } from '../../platform/errors/server-messages';
import { LIMITS } from '../../platform/limits/limit-rules';

// The secret awaiting its first code belongs to the session that asked for
// it, and confirming it is limited like sign-in codes, in the database.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminMfa: 'required' });
});
afterAll(() => t.close());

const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const setUp = async (token: string) => (await post('/api/second-factor/totp/setup', token)).json().secret as string;
const confirm = (token: string, code: string) => post('/api/second-factor/totp/confirm', token, { code });

/** A super administrator still to enrol, signed in twice with the password. */
async function twoSessions() {
  const user = await seedUser(t.app, { role: 'superadmin' });
  return { user, first: user.token, second: await login(t.app, user.email, TEST_PASSWORD, 'superadmin') };
}

describe('the secret awaiting confirmation', () => {
  it("cannot be confirmed from another session, nor replaced by another session's setup", async () => {
    const { first, second } = await twoSessions();
    const secret = await setUp(first);
    const fromOther = await confirm(second, await authenticatorCode(t, secret));
    expect(fromOther.statusCode).toBe(400);
    expect(fromOther.json().message).toBe('Start the setup again: no authenticator is waiting for a code');
    const othersSecret = await setUp(second);
    expect(othersSecret).not.toBe(secret);
    expect((await confirm(first, await authenticatorCode(t, othersSecret))).statusCode).toBe(400);
    expect((await confirm(first, await authenticatorCode(t, secret))).statusCode).toBe(200);
    expect((await confirm(second, await authenticatorCode(t, othersSecret))).statusCode).toBe(401);
  });
});

describe('confirming the authenticator', () => {
  it('answers 429 to a concurrent burst of wrong codes past the limit, and then to the right code too', async () => {
    const { first } = await twoSessions();
    const secret = await setUp(first);
    const wrong = await wrongCode(t, secret);
    const burst = await Promise.all(Array.from({ length: 12 }, () => confirm(first, wrong)));
    const statuses = burst.map((answer) => answer.statusCode).sort();
    const max = LIMITS.secondFactorConfirm.max;
    expect(statuses).toEqual([...Array(max).fill(400), ...Array(12 - max).fill(429)]);
    const refused = burst.find((answer) => answer.statusCode === 429);
    expect(refused?.json().message).toBe(SERVER_MESSAGES.tooManyCodeAttempts);
    expect(refused?.headers['retry-after']).toBeDefined();
    expect((await confirm(first, await authenticatorCode(t, secret))).statusCode).toBe(429);
    t.clock.advance(LIMITS.secondFactorConfirm.windowMs);
    expect((await confirm(first, await authenticatorCode(t, secret))).statusCode).toBe(200);
  });

  it("counts per session: another session's wrong codes leave the owner's setup alone", async () => {
    const { first, second } = await twoSessions();
    const mine = await setUp(first);
    const theirs = await setUp(second);
    for (let i = 0; i < 8; i++) await confirm(second, await wrongCode(t, theirs));
    expect((await confirm(first, await authenticatorCode(t, mine))).statusCode).toBe(200);
  });
});

describe('two sessions confirming their own secrets at once', () => {
  it('turn the app on once: the other session is ended, not enrolled over it', async () => {
    const { first, second } = await twoSessions();
    const [mine, theirs] = [await setUp(first), await setUp(second)];
    const answers = await Promise.all([
      confirm(first, await authenticatorCode(t, mine)),
      confirm(second, await authenticatorCode(t, theirs)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const winner = answers[0].statusCode === 200 ? first : second;
    expect((await t.app.inject({ method: 'GET', url: '/api/sessions', headers: bearer(winner) })).statusCode).toBe(200);
  });
});

describe('turning the authenticator app off', () => {
  it('ends every other session of the user', async () => {
    const { user, first } = await twoSessions();
    const secret = await setUp(first);
    expect((await confirm(first, await authenticatorCode(t, secret))).statusCode).toBe(200);
    t.clock.advance(30_000);
    const password = { email: user.email, password: TEST_PASSWORD, userType: 'superadmin' };
    const { pendingToken } = (
      await t.app.inject({ method: 'POST', url: '/api/resident/login', payload: password })
    ).json();
    const code = await authenticatorCode(t, secret);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/resident/login/second-factor',
      payload: { pendingToken, code },
    });
    const elsewhere = signedIn.json().token as string;
    t.clock.advance(30_000);
    const turnedOff = await post('/api/second-factor/turn-off', first, { code: await authenticatorCode(t, secret) });
    expect(turnedOff.statusCode).toBe(200);
    expect((await post('/api/token/refresh', elsewhere)).statusCode).toBe(401);
    expect((await post('/api/token/refresh', first)).statusCode).toBe(200);
  });
});
