import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedUser, type TestApp } from '../../test/support/test-app';
import { users } from '../accounts/account-tables';
import { endAllSessions } from '../authorization/session-queries';

// A token that worked a moment ago stops working at once when its session ends, it expires, or
// its user is deleted; and its claims never stand for another user.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const listGates = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/device/get-gate-devices', headers: bearer(token) });

async function seedSignedIn() {
  const user = await seedUser(t.app, { role: 'superadmin' });
  for (let i = 0; i < 2; i++) expect((await listGates(user.token)).statusCode).toBe(200);
  return user;
}

describe('a token verified before', () => {
  it('is refused right after its sessions are ended, by this or another process', async () => {
    const user = await seedSignedIn();
    await endAllSessions(t.app.db, user.id, t.clock.now());
    expect((await listGates(user.token)).statusCode).toBe(401);
  });

  it('is refused once it expires', async () => {
    const user = await seedSignedIn();
    t.clock.advance(31 * 24 * 3600 * 1000);
    expect((await listGates(user.token)).statusCode).toBe(401);
  });

  it('is refused once its user is deleted', async () => {
    const user = await seedSignedIn();
    await t.app.db.delete(users).where(eq(users.id, user.id));
    expect((await listGates(user.token)).statusCode).toBe(401);
  });

  it('does not stand for another user', async () => {
    const first = await seedSignedIn();
    const second = await seedUser(t.app, { role: 'superadmin' });
    const [, payload] = first.token.split('.');
    const [header, , signature] = second.token.split('.');
    expect((await listGates(`${header}.${payload}.${signature}`)).statusCode).toBe(401);
  });
});
