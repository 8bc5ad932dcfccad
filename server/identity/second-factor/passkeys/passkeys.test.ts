import { generate } from 'otplib/functional';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentEmailsTo } from '../../../../test/support/sent-mail';
import { SoftwareAuthenticator } from '../../../../test/support/software-authenticator';
import {
  bearer,
  createTestApp,
  login,
  type SeededUser,
  seedUser,
  TEST_PASSWORD,
  type TestApp,
} from '../../../../test/support/test-app';

// Passkeys (WebAuthn) as a second factor, answered by an authenticator in the test.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminMfa: 'required' });
});
afterAll(() => t.close());

const ORIGIN = 'http://gatehouse.test';
const RP_ID = 'gatehouse.test';

const send = (method: 'POST' | 'GET' | 'DELETE', url: string, payload?: object, token?: string) =>
  t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
const listGates = (token: string) => send('GET', '/api/device/get-gate-devices', undefined, token);

async function registrationAnswer(user: SeededUser, key: SoftwareAuthenticator, origin = ORIGIN) {
  const answer = await send('POST', '/api/second-factor/passkeys/options', undefined, user.token);
  expect(answer.statusCode).toBe(200);
  const { options } = answer.json();
  expect(options.rp).toEqual({ name: 'Gatehouse', id: RP_ID });
  return key.register(options, origin);
}

const addPasskey = (user: SeededUser, credential: object, name = 'Laptop') =>
  send('POST', '/api/second-factor/passkeys', { name, credential }, user.token);

async function enrolPasskey(user: SeededUser) {
  const key = new SoftwareAuthenticator(RP_ID);
  expect((await addPasskey(user, await registrationAnswer(user, key))).statusCode).toBe(200);
  return key;
}

async function pendingSignIn(user: SeededUser) {
  const answer = await send('POST', '/api/resident/login', {
    email: user.email,
    password: TEST_PASSWORD,
    userType: user.role,
  });
  expect(answer.json()).toEqual({ secondFactorRequired: true, pendingToken: expect.any(String), factors: ['passkey'] });
  return answer.json().pendingToken as string;
}

async function signInAnswer(pendingToken: string, key: SoftwareAuthenticator, origin = ORIGIN) {
  const answer = await send('POST', '/api/resident/login/passkey/options', { pendingToken });
  expect(answer.statusCode).toBe(200);
  const { options } = answer.json();
  expect(options.allowCredentials).toEqual([{ id: key.credentialId, type: 'public-key', transports: ['internal'] }]);
  return key.authenticate(options, origin);
}

const finishSignIn = (pendingToken: string, credential: object) =>
  send('POST', '/api/resident/login/passkey', { pendingToken, credential });

describe('registering a passkey', () => {
  it('ends every other session of the user, and so does removing one', async () => {
    const root = await seedUser(t.app, { role: 'superadmin' });
    const passwordOnly = await login(t.app, root.email, TEST_PASSWORD, 'superadmin');
    const key = await enrolPasskey(root);
    expect((await listGates(passwordOnly)).statusCode).toBe(401);
    const pendingToken = await pendingSignIn(root);
    const elsewhere = (await finishSignIn(pendingToken, await signInAnswer(pendingToken, key))).json().token;
    expect((await listGates(elsewhere)).statusCode).toBe(200);
    const [passkey] = (await send('GET', '/api/second-factor', undefined, root.token)).json().passkeys;
    expect((await send('DELETE', `/api/second-factor/passkeys/${passkey._id}`, undefined, root.token)).statusCode).toBe(
      200,
    );
    expect((await listGates(elsewhere)).statusCode).toBe(401);
    // This session stays, and must enrol again: its user has no second factor left.
    expect((await listGates(root.token)).statusCode).toBe(403);
  });

  it('counts as the second factor a superadmin must enrol, is listed and emailed', async () => {
    const root = await seedUser(t.app, { role: 'superadmin' });
    expect((await listGates(root.token)).statusCode).toBe(403);
    await enrolPasskey(root);
    expect((await listGates(root.token)).statusCode).toBe(200);
    const status = (await send('GET', '/api/second-factor', undefined, root.token)).json();
    expect(status).toMatchObject({ enrolled: true, authenticatorApp: false, enrolmentRequired: false });
    expect(status.passkeys).toEqual([
      { _id: expect.any(String), name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    const subjects = (await sentEmailsTo(t.app, root.email)).map((mail) => mail.subject);
    expect(subjects).toContain('A passkey was added to your account');
  });

  it('takes each challenge once, for two minutes, from this site only', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    const key = new SoftwareAuthenticator(RP_ID);
    const answer = await registrationAnswer(user, key);
    expect((await addPasskey(user, answer)).statusCode).toBe(200);
    const replay = await addPasskey(user, answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('This passkey request has expired or was already used. Please try again.');

    const late = await registrationAnswer(user, new SoftwareAuthenticator(RP_ID));
    t.clock.advance(121_000);
    expect((await addPasskey(user, late)).statusCode).toBe(400);

    const elsewhere = await addPasskey(
      user,
      await registrationAnswer(user, new SoftwareAuthenticator(RP_ID), 'https://evil.example'),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('That passkey could not be verified. Please try again.');
    const status = (await send('GET', '/api/second-factor', undefined, user.token)).json();
    expect(status.passkeys).toHaveLength(1);
  });
});

describe('signing in with a passkey', () => {
  it('asks for it after the password and then starts a session', async () => {
    const user = await seedUser(t.app, { role: 'admin' });
    const key = await enrolPasskey(user);
    const pendingToken = await pendingSignIn(user);
    expect((await listGates(pendingToken)).statusCode).toBe(401);
    const signedIn = await finishSignIn(pendingToken, await signInAnswer(pendingToken, key));
    expect(signedIn.statusCode).toBe(200);
    expect((await listGates(signedIn.json().token)).statusCode).toBe(200);
    const status = (await send('GET', '/api/second-factor', undefined, user.token)).json();
    expect(status.passkeys[0].lastUsedAt).toEqual(expect.any(String));
  });

  it('offers the code too when the user also has an authenticator app', async () => {
    const user = await seedUser(t.app, { role: 'admin' });
    await enrolPasskey(user);
    const { secret } = (await send('POST', '/api/second-factor/totp/setup', undefined, user.token)).json();
    const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    expect((await send('POST', '/api/second-factor/totp/confirm', { code }, user.token)).statusCode).toBe(200);
    const answer = await send('POST', '/api/resident/login', {
      email: user.email,
      password: TEST_PASSWORD,
      userType: 'admin',
    });
    expect(answer.json().factors).toEqual(['passkey', 'code']);
  });

  it('accepts an answer once, even sent five times at once', async () => {
    const user = await seedUser(t.app, { role: 'admin' });
    const key = await enrolPasskey(user);
    const pendingToken = await pendingSignIn(user);
    const answer = await signInAnswer(pendingToken, key);
    const statuses = await Promise.all(Array.from({ length: 5 }, () => finishSignIn(pendingToken, answer)));
    expect(statuses.map((response) => response.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('refuses an expired challenge, another origin and a counter that did not rise', async () => {
    const user = await seedUser(t.app, { role: 'admin' });
    const key = await enrolPasskey(user);
    const pendingToken = await pendingSignIn(user);

    const late = await signInAnswer(pendingToken, key);
    t.clock.advance(121_000);
    expect((await finishSignIn(pendingToken, late)).statusCode).toBe(401);

    const elsewhere = await finishSignIn(pendingToken, await signInAnswer(pendingToken, key, 'https://evil.example'));
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().message).toBe('That passkey could not be verified. Please try again.');

    // A copy of the key that reports an old counter (a clone) is refused.
    const counterBefore = key.signCount;
    expect((await finishSignIn(pendingToken, await signInAnswer(pendingToken, key))).statusCode).toBe(200);
    key.signCount = counterBefore - 1;
    expect((await finishSignIn(pendingToken, await signInAnswer(pendingToken, key))).statusCode).toBe(401);
  });

  it('refuses a key of another user', async () => {
    const user = await seedUser(t.app, { role: 'admin' });
    const other = await seedUser(t.app, { role: 'admin' });
    await enrolPasskey(user);
    const stranger = await enrolPasskey(other);
    const pendingToken = await pendingSignIn(user);
    const options = (await send('POST', '/api/resident/login/passkey/options', { pendingToken })).json().options;
    expect((await finishSignIn(pendingToken, stranger.authenticate(options, ORIGIN))).statusCode).toBe(401);
  });
});

describe('removing passkeys', () => {
  it('removes one of your own, emailed; another user gets 404', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    const other = await seedUser(t.app, { role: 'resident' });
    await enrolPasskey(user);
    const [passkey] = (await send('GET', '/api/second-factor', undefined, user.token)).json().passkeys;
    const url = `/api/second-factor/passkeys/${passkey._id}`;
    expect((await send('DELETE', url, undefined, other.token)).statusCode).toBe(404);
    expect((await send('DELETE', url, undefined, user.token)).statusCode).toBe(200);
    expect((await send('GET', '/api/second-factor', undefined, user.token)).json()).toMatchObject({
      enrolled: false,
      passkeys: [],
    });
    const subjects = (await sentEmailsTo(t.app, user.email)).map((mail) => mail.subject);
    expect(subjects).toContain('A passkey was removed from your account');
  });

  it("go with a super administrator's reset of the user's second factor", async () => {
    const root = await seedUser(t.app, { role: 'superadmin' });
    await enrolPasskey(root);
    const user = await seedUser(t.app, { role: 'admin' });
    await enrolPasskey(user);
    expect((await send('POST', `/api/resident/${user.id}/second-factor/reset`, undefined, root.token)).statusCode).toBe(
      200,
    );
    const answer = await send('POST', '/api/resident/login', {
      email: user.email,
      password: TEST_PASSWORD,
      userType: 'admin',
    });
    expect(answer.json()).toHaveProperty('token');
  });
});
