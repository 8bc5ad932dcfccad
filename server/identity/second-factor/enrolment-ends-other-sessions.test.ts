import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteTokenOf, latestEmailTo } from '../../../test/support/account-test-support';
import { authenticatorCode } from '../../../test/support/authenticator-app';
import { bearer, createTestApp, login, seedUser, type TestApp, uniqueEmail } from '../../../test/support/test-app';
import { startSession } from '../../authorization/session-queries';
import { ensureSuperadmin } from '../bootstrap-superadmin';

// A session from the password alone never becomes a full one because the
// owner set up two-step verification in another session: enrolling ends every other session, and
// admin rights come from the session having passed the second factor.
const OWNER = { email: 'owner@gatehouse.test', password: 'bootstrap-password-1' };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminMfa: 'required', superadmin: OWNER });
  await ensureSuperadmin(t.app, () => {});
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const newSuperadmin = () => ({ firstName: 'Eve', lastName: 'Late', email: uniqueEmail('eve'), role: 'superadmin' });

/** What a session gets from admin routes and from the routes open while enrolling, one status each. */
const statusesOf = async (token: string) => [
  (await call('GET', '/api/device/get-gate-devices', token)).statusCode,
  (await call('GET', '/api/resident/get-all', token)).statusCode,
  (await call('POST', '/api/resident/register', token, newSuperadmin())).statusCode,
  (await call('POST', '/api/sessions/end-others', token)).statusCode,
  (await call('POST', '/api/token/refresh', token)).statusCode,
  (await call('GET', '/api/second-factor', token)).statusCode,
];
const ENDED = [401, 401, 401, 401, 401, 401];

/** Sets up the authenticator app in the session of `token`; its secret. */
async function enrolIn(token: string) {
  const { secret } = (await call('POST', '/api/second-factor/totp/setup', token)).json();
  const confirmed = await call('POST', '/api/second-factor/totp/confirm', token, {
    code: await authenticatorCode(t, secret),
  });
  expect(confirmed.statusCode).toBe(200);
  return secret as string;
}

describe('a password-only super administrator session when the owner enrols in another one', () => {
  it('is ended for the first (bootstrap) super administrator, and never reaches an admin route', async () => {
    const passwordOnly = await login(t.app, OWNER.email, OWNER.password, 'superadmin');
    const owner = await login(t.app, OWNER.email, OWNER.password, 'superadmin');
    expect((await call('GET', '/api/device/get-gate-devices', passwordOnly)).statusCode).toBe(403);
    await enrolIn(owner);
    expect(await statusesOf(passwordOnly)).toEqual(ENDED);
    expect((await call('GET', '/api/device/get-gate-devices', owner)).statusCode).toBe(200);
  });

  it('is ended for a super administrator registered later, and never reaches an admin route', async () => {
    const registrar = await seedUser(t.app, { role: 'superadmin' });
    await enrolIn(registrar.token);
    const email = uniqueEmail('later');
    const registered = await call('POST', '/api/resident/register', registrar.token, {
      firstName: 'Lena',
      lastName: 'Later',
      email,
      role: 'superadmin',
    });
    expect(registered.statusCode).toBe(201);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/resident/verify-email',
      payload: { _id: inviteTokenOf(await latestEmailTo(t.app, email)), newPassword: 'later-password-1' },
    });
    const fromInvitation = accepted.json().token as string;
    const passwordOnly = await login(t.app, email, 'later-password-1', 'superadmin');
    const owner = await login(t.app, email, 'later-password-1', 'superadmin');
    expect((await call('GET', '/api/resident/get-all', fromInvitation)).statusCode).toBe(403);
    await enrolIn(owner);
    expect(await statusesOf(fromInvitation)).toEqual(ENDED);
    expect(await statusesOf(passwordOnly)).toEqual(ENDED);
    expect((await call('GET', '/api/resident/get-all', owner)).statusCode).toBe(200);
  });

  it('refuses a session whose password step passed while the owner was enrolling', async () => {
    const user = await seedUser(t.app, { role: 'superadmin' });
    await enrolIn(user.token);
    // The password was checked before the enrolment committed, the session written after it.
    const raced = await startSession(t.app.db, {
      userId: user.id,
      userAgent: 'raced',
      address: '127.0.0.1',
      now: t.clock.now(),
      lifetimeSeconds: 3600,
    });
    const token = await t.app.tokens.issue({
      id: user.id,
      role: 'superadmin',
      propertyId: null,
      propertyFeatures: [],
      sessionId: raced.id,
      sessionExpiresAt: raced.expiresAt,
    });
    expect(jose.decodeJwt(token).sid).toBe(raced.id);
    expect(await statusesOf(token)).toEqual(ENDED);
  });
});
