import { eq } from 'drizzle-orm';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  login,
  seedProperty,
  seedUser,
  TEST_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../../test/support/test-app';
import { users } from '../accounts/account-tables';
import { endAllSessions } from '../authorization/session-queries';
import { parseTrustedProxies } from '../platform/http/trusted-proxies';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/resident/login', () => {
  it('signs in each role through its own form, with the claims of docs/SPEC.md §3 and its session', async () => {
    const property = await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin'] });
    for (const role of ['resident', 'admin', 'superadmin'] as const) {
      const user = await seedUser(t.app, { role, propertyId: role === 'superadmin' ? null : property.id });
      const claims = jose.decodeJwt(user.token);
      expect(Object.keys(claims).sort()).toEqual([
        'PID',
        'UID',
        '_id',
        'exp',
        'jti',
        'propertyFeatures',
        'role',
        'sid',
      ]);
      expect(claims).toMatchObject({ role, UID: user.id, _id: user.id, PID: user.propertyId });
      expect(claims.propertyFeatures).toEqual(role === 'superadmin' ? [] : ['qr', 'securepin']);
      expect(jose.decodeProtectedHeader(user.token).alg).toBe('HS256');
    }
  });

  it('answers a wrong password, an unknown email and the wrong form with a wrong password alike', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    const answers = await Promise.all([
      post('/api/resident/login', { email: user.email, password: 'wrong password', userType: 'resident' }),
      post('/api/resident/login', { email: uniqueEmail('nobody'), password: TEST_PASSWORD, userType: 'resident' }),
      post('/api/resident/login', { email: user.email, password: 'wrong password', userType: 'admin' }),
      post('/api/resident/login', { email: uniqueEmail('nobody'), password: TEST_PASSWORD, userType: 'admin' }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'Invalid email or password', requestId: expect.any(String) });
    }
  });

  it('tells the owner of the right password which login form their account uses, and signs nobody in', async () => {
    const manager = await seedUser(t.app, { role: 'admin' });
    const atResidentLogin = await post('/api/resident/login', {
      email: manager.email,
      password: TEST_PASSWORD,
      userType: 'resident',
    });
    expect(atResidentLogin.statusCode).toBe(401);
    expect(atResidentLogin.json()).toEqual({
      message: 'This account signs in at Property Manager Login. Please use that login page instead.',
      signInAs: 'admin',
      requestId: expect.any(String),
    });
    const root = await seedUser(t.app, { role: 'superadmin' });
    const atManagerLogin = await post('/api/resident/login', {
      email: root.email,
      password: TEST_PASSWORD,
      userType: 'admin',
    });
    expect(atManagerLogin.json()).toMatchObject({
      signInAs: 'superadmin',
      message: expect.stringMatching(/Super User Login/),
    });
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const user = await seedUser(t.app, { role: 'admin' });
    const answer = await post('/api/resident/login', {
      email: `  ${user.email.toUpperCase()} `,
      password: TEST_PASSWORD,
      userType: 'admin',
    });
    expect(answer.statusCode).toBe(200);
  });

  it('refuses an invited user who has not set a password yet', async () => {
    const email = uniqueEmail('invited');
    await t.app.db.insert(users).values({ firstName: 'New', lastName: 'User', email, role: 'resident' });
    const answer = await post('/api/resident/login', { email, password: '', userType: 'resident' });
    expect(answer.statusCode).toBe(400);
    const second = await post('/api/resident/login', { email, password: 'anything', userType: 'resident' });
    expect(second.statusCode).toBe(401);
  });

  it('throttles an account after 5 failures with 429 and a message, even for the right password', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/resident/login', { email: user.email, password: 'nope', userType: 'resident' })).statusCode,
      ).toBe(401);
    }
    const blocked = await post('/api/resident/login', {
      email: user.email,
      password: TEST_PASSWORD,
      userType: 'resident',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many login attempts/);
    t.clock.advance(16 * 60 * 1000);
    expect(
      (await post('/api/resident/login', { email: user.email, password: TEST_PASSWORD, userType: 'resident' }))
        .statusCode,
    ).toBe(200);
  });

  const attempt = (email: string, password: string, remoteAddress = '127.0.0.1', headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/resident/login',
      payload: { email, password, userType: 'resident' },
      remoteAddress,
      headers,
    });

  it('checks at most 5 passwords of a concurrent burst against one account from one source', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    const answers = await Promise.all(Array.from({ length: 30 }, () => attempt(user.email, 'guess', '203.0.113.9')));
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(25);
    expect(answers.find((answer) => answer.statusCode === 429)?.headers['retry-after']).toBeDefined();
  });

  it("lets the owner in from a clean address after someone else's wrong passwords", async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    for (let i = 0; i < 30; i++) await attempt(user.email, `guess-${i}`, '203.0.113.10');
    expect((await attempt(user.email, TEST_PASSWORD, '203.0.113.10')).statusCode).toBe(429);
    expect((await attempt(user.email, TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  it('limits one source across accounts (password spraying)', async () => {
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await attempt(uniqueEmail('spray'), 'Winter2025!', '203.0.113.11'));
    expect(answers.slice(0, 30).every((answer) => answer.statusCode === 401)).toBe(true);
    expect(answers[30].statusCode).toBe(429);
  });

  it('paces an account attacked from many sources instead of locking it', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    for (let i = 0; i < 50; i++) await attempt(user.email, 'guess', `10.9.${Math.floor(i / 4)}.${i}`);
    expect((await attempt(user.email, TEST_PASSWORD, '198.51.100.30')).statusCode).toBe(200);
    const tooSoon = await attempt(user.email, TEST_PASSWORD, '198.51.100.31');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/wait a few seconds/);
    t.clock.advance(6000);
    expect((await attempt(user.email, TEST_PASSWORD, '198.51.100.31')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await attempt(user.email, 'guess', '203.0.113.12', { 'x-forwarded-for': `192.0.2.${i + 1}` }));
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('believes X-Forwarded-For only from the proxies listed in TRUST_PROXY', async () => {
    const behindProxy = await createTestApp({ trustedProxies: parseTrustedProxies('203.0.113.0/24') });
    try {
      const user = await seedUser(behindProxy.app, { role: 'resident' });
      const via = (remoteAddress: string, client: string) =>
        behindProxy.app.inject({
          method: 'POST',
          url: '/api/resident/login',
          payload: { email: user.email, password: 'guess', userType: 'resident' },
          remoteAddress,
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < 5; i++) expect((await via('203.0.113.5', '198.51.100.1')).statusCode).toBe(401);
      expect((await via('203.0.113.5', '198.51.100.1')).statusCode).toBe(429);
      expect((await via('203.0.113.5', '198.51.100.2')).statusCode).toBe(401);
      expect(() => parseTrustedProxies('1')).toThrow(/TRUST_PROXY/);
      expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/10.0.0.0\/33/);
    } finally {
      await behindProxy.close();
    }
  });

  it('names the field that is wrong in a malformed body', async () => {
    const answer = await post('/api/resident/login', { email: 'a@b.co', password: 'x', userType: 'janitor' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors).toHaveProperty('userType');
  });
});

describe('tokens', () => {
  const callWith = (token: string) => post('/api/token/refresh', undefined, bearer(token));

  it('refreshes a valid token into a new one of the same session that works', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    t.clock.advance(60_000);
    const answer = await callWith(user.token);
    expect(answer.statusCode).toBe(200);
    const fresh = answer.json().token as string;
    expect(fresh).not.toBe(user.token);
    expect(jose.decodeJwt(fresh).sid).toBe(jose.decodeJwt(user.token).sid);
    expect((await callWith(fresh)).statusCode).toBe(200);
  });

  it('rejects no token, an expired, a tampered, an alg:none and a revoked token with 401', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    expect((await post('/api/token/refresh', undefined)).statusCode).toBe(401);

    const [header, payload, signature] = user.token.split('.');
    const claims = jose.decodeJwt(user.token);
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, role: 'superadmin' })).toString('base64url');
    expect((await callWith(`${header}.${forgedPayload}.${signature}`)).statusCode).toBe(401);

    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await callWith(`${noneHeader}.${payload}.`)).statusCode).toBe(401);
    expect((await callWith('not-a-token')).statusCode).toBe(401);

    expect((await callWith(user.token)).statusCode).toBe(200);
    await endAllSessions(t.app.db, user.id, t.clock.now());
    const revoked = await callWith(user.token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toMatch(/sign in again/);
    expect((await callWith(await login(t.app, user.email, TEST_PASSWORD, 'resident'))).statusCode).toBe(200);
  });

  it('rejects a token once it has expired', async () => {
    const user = await seedUser(t.app, { role: 'admin' });
    t.clock.advance(31 * 24 * 3600 * 1000);
    expect((await callWith(user.token)).statusCode).toBe(401);
  });

  it("rejects a deleted user's token", async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    await t.app.db.delete(users).where(eq(users.id, user.id));
    expect((await callWith(user.token)).statusCode).toBe(401);
  });
});

describe('server basics', () => {
  it('answers healthz and serves the OpenAPI document', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/resident/login');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: 'Not found', requestId: expect.any(String) });
  });

  it('masks a 5xx: the database failing leaks nothing', async () => {
    const own = await createTestApp();
    const user = await seedUser(own.app, { role: 'resident' });
    await own.database.close();
    const answer = await own.app.inject({ method: 'POST', url: '/api/token/refresh', headers: bearer(user.token) });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      requestId: expect.any(String),
    });
    await own.app.close();
  });
});
