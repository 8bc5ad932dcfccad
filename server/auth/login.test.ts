import { eq, sql } from 'drizzle-orm';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import {
  bearer,
  createTestApp,
  login,
  seedProperty,
  seedUser,
  TEST_PASSWORD,
  type TestApp,
  uniqueEmail,
} from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/resident/login', () => {
  it('signs in each role through its own form, with exactly the claims of SPEC §3', async () => {
    const property = await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin'] });
    for (const role of ['resident', 'admin', 'superadmin'] as const) {
      const user = await seedUser(t.app, { role, propertyId: role === 'superadmin' ? null : property.id });
      const claims = jose.decodeJwt(user.token);
      expect(Object.keys(claims).sort()).toEqual(['PID', 'UID', '_id', 'exp', 'propertyFeatures', 'role']);
      expect(claims).toMatchObject({ role, UID: user.id, _id: user.id, PID: user.propertyId });
      expect(claims.propertyFeatures).toEqual(role === 'superadmin' ? [] : ['qr', 'securepin']);
      expect(jose.decodeProtectedHeader(user.token).alg).toBe('HS256');
    }
  });

  it('answers a wrong password, an unknown email and the wrong form with the same failure', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    const answers = await Promise.all([
      post('/api/resident/login', { email: user.email, password: 'wrong password', userType: 'resident' }),
      post('/api/resident/login', { email: uniqueEmail('nobody'), password: TEST_PASSWORD, userType: 'resident' }),
      post('/api/resident/login', { email: user.email, password: TEST_PASSWORD, userType: 'admin' }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'Invalid email or password' });
    }
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

  it('names the field that is wrong in a malformed body', async () => {
    const answer = await post('/api/resident/login', { email: 'a@b.co', password: 'x', userType: 'janitor' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/userType/);
  });
});

describe('tokens', () => {
  const callWith = (token: string) => post('/api/token/refresh', undefined, bearer(token));

  it('refreshes a valid token into a new one that works', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    t.clock.advance(60_000);
    const answer = await callWith(user.token);
    expect(answer.statusCode).toBe(200);
    const fresh = answer.json().token as string;
    expect(jose.decodeJwt(fresh).exp).toBeGreaterThan(jose.decodeJwt(user.token).exp!);
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
    await t.app.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
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
    expect(answer.json()).toEqual({ message: 'Not found' });
  });

  it('masks a 5xx: the database failing leaks nothing', async () => {
    const own = await createTestApp();
    const user = await seedUser(own.app, { role: 'resident' });
    await own.database.close();
    const answer = await own.app.inject({ method: 'POST', url: '/api/token/refresh', headers: bearer(user.token) });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    await own.app.close();
  });
});
