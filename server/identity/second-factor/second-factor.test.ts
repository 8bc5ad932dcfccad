import { generate } from 'otplib/functional';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/support/test-app';

// Two-step verification, with superadmins required to enrol (ADMIN_MFA=required).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminMfa: 'required' });
});
afterAll(() => t.close());

const post = (url: string, payload?: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const listGates = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/device/get-gate-devices', headers: bearer(token) });
const codeAt = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
const passwordStep = (user: SeededUser) =>
  post('/api/resident/login', { email: user.email, password: TEST_PASSWORD, userType: user.role });

async function enrol(user: SeededUser) {
  const setup = (await post('/api/second-factor/totp/setup', undefined, user.token)).json();
  expect(setup.otpauthUri).toContain(encodeURIComponent(user.email));
  expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);
  const confirmed = await post('/api/second-factor/totp/confirm', { code: await codeAt(setup.secret) }, user.token);
  expect(confirmed.statusCode).toBe(200);
  return { secret: setup.secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

async function pendingSignIn(user: SeededUser) {
  const answer = (await passwordStep(user)).json();
  expect(answer).toEqual({ secondFactorRequired: true, pendingToken: expect.any(String), factors: ['code'] });
  return answer.pendingToken as string;
}

const secondStep = (pendingToken: string, code: string) =>
  post('/api/resident/login/second-factor', { pendingToken, code });

describe('a superadmin under ADMIN_MFA=required', () => {
  it('cannot use the app until they enrol, then signs in with password and code', async () => {
    const root = await seedUser(t.app, { role: 'superadmin' });
    const refused = await listGates(root.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Set up two-step verification to continue.');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/second-factor', headers: bearer(root.token) })).json(),
    ).toEqual({
      enrolled: false,
      authenticatorApp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
      enrolmentRequired: true,
    });
    const { secret, recoveryCodes } = await enrol(root);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await listGates(root.token)).statusCode).toBe(200);

    t.clock.advance(30_000);
    const pendingToken = await pendingSignIn(root);
    expect((await listGates(pendingToken)).statusCode).toBe(401);
    const signedIn = await secondStep(pendingToken, await codeAt(secret));
    expect(signedIn.statusCode).toBe(200);
    expect((await listGates(signedIn.json().token)).statusCode).toBe(200);
  });
});

describe('codes', () => {
  it('refuses a TOTP code the second time it is used', async () => {
    const root = await seedUser(t.app, { role: 'superadmin' });
    const { secret } = await enrol(root);
    t.clock.advance(30_000);
    const code = await codeAt(secret);
    expect((await secondStep(await pendingSignIn(root), code)).statusCode).toBe(200);
    const replay = await secondStep(await pendingSignIn(root), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('That code was just used. Wait for the next one.');
    t.clock.advance(30_000);
    expect((await secondStep(await pendingSignIn(root), await codeAt(secret))).statusCode).toBe(200);
  });

  it('accepts each recovery code once', async () => {
    const root = await seedUser(t.app, { role: 'superadmin' });
    const { recoveryCodes } = await enrol(root);
    const [first] = recoveryCodes;
    expect((await secondStep(await pendingSignIn(root), first.toUpperCase())).statusCode).toBe(200);
    expect((await secondStep(await pendingSignIn(root), first)).statusCode).toBe(401);
    expect((await secondStep(await pendingSignIn(root), recoveryCodes[1])).statusCode).toBe(200);
  });

  it('throttles wrong codes per account and source through the shared limits, even for the right code', async () => {
    const root = await seedUser(t.app, { role: 'superadmin' });
    const { secret } = await enrol(root);
    const pendingToken = await pendingSignIn(root);
    for (let i = 0; i < 5; i++) expect((await secondStep(pendingToken, '000000')).statusCode).toBe(401);
    t.clock.advance(30_000);
    expect((await secondStep(pendingToken, await codeAt(secret))).statusCode).toBe(429);
  });

  it('refuses a session token in place of the pending sign-in, and an expired pending sign-in', async () => {
    const root = await seedUser(t.app, { role: 'superadmin' });
    const { secret } = await enrol(root);
    expect((await secondStep(root.token, await codeAt(secret))).statusCode).toBe(401);
    const pendingToken = await pendingSignIn(root);
    t.clock.advance(301_000);
    expect((await secondStep(pendingToken, await codeAt(secret))).statusCode).toBe(401);
  });
});

describe('managers', () => {
  it('must enrol only where their property requires it', async () => {
    const relaxed = await seedProperty(t.app);
    const strict = await seedProperty(t.app);
    // Set as a super administrator does it, in Edit Property.
    const owner = await seedUser(t.app, { role: 'superadmin' });
    await enrol(owner);
    const setting = await t.app.inject({
      method: 'POST',
      url: '/api/property/update',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: {
        _id: strict.id,
        propertyName: strict.propertyName,
        propertyLocation: strict.propertyLocation,
        managersNeedSecondFactor: true,
      },
    });
    expect(setting.json()).toMatchObject({ managersNeedSecondFactor: true });
    const free = await seedUser(t.app, { role: 'admin', propertyId: relaxed.id });
    const bound = await seedUser(t.app, { role: 'admin', propertyId: strict.id });
    expect((await listGates(free.token)).statusCode).toBe(200);
    expect((await listGates(bound.token)).statusCode).toBe(403);
    await enrol(bound);
    expect((await listGates(bound.token)).statusCode).toBe(200);
  });
});
