import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, seedUser, TEST_PASSWORD, type TestApp } from '../../test/support/test-app';

// Sessions as records, so each can end alone: a token names its session, and an ended session's token is
// refused at once; refreshing rotates the token but never outlives the session's absolute end.
const HOUR = 3600;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ tokenLifetimeSeconds: HOUR, sessionLifetimeSeconds: 3 * HOUR });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
  });
const listGates = (token: string) => call('GET', '/api/device/get-gate-devices', token);
const refresh = (token: string) => call('POST', '/api/token/refresh', token);

async function twoBrowsers() {
  const user = await seedUser(t.app, { role: 'superadmin' });
  const other = await login(t.app, user.email, TEST_PASSWORD, 'superadmin');
  return { user, first: user.token, second: other };
}

describe('logout', () => {
  it("ends the token's session on the server: the same token is refused afterwards", async () => {
    const { first, second } = await twoBrowsers();
    expect((await listGates(first)).statusCode).toBe(200);
    expect((await call('POST', '/api/logout', first)).statusCode).toBe(200);
    const refused = await listGates(first);
    expect(refused.statusCode).toBe(401);
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await listGates(second)).statusCode).toBe(200);
  });
});

describe('the sessions Profile lists', () => {
  it("lists the user's live sessions, marks the current one, and signs out another", async () => {
    const { first, second } = await twoBrowsers();
    const listed = (await call('GET', '/api/sessions', first)).json().sessions;
    expect(listed).toHaveLength(2);
    const current = listed.find((session: { current: boolean }) => session.current);
    expect(current._id).toBe(jose.decodeJwt(first).sid);
    const otherId = jose.decodeJwt(second).sid as string;
    expect((await call('DELETE', `/api/sessions/${otherId}`, first)).statusCode).toBe(200);
    expect((await listGates(second)).statusCode).toBe(401);
    expect((await listGates(first)).statusCode).toBe(200);
    expect((await call('GET', '/api/sessions', first)).json().sessions).toHaveLength(1);
  });

  it("refuses to end another user's session (404) and leaves it standing", async () => {
    const { second } = await twoBrowsers();
    const stranger = await seedUser(t.app, { role: 'superadmin' });
    const otherId = jose.decodeJwt(second).sid as string;
    expect((await call('DELETE', `/api/sessions/${otherId}`, stranger.token)).statusCode).toBe(404);
    expect((await listGates(second)).statusCode).toBe(200);
  });

  it('signs out everywhere else and keeps this session', async () => {
    const { user, first, second } = await twoBrowsers();
    const third = await login(t.app, user.email, TEST_PASSWORD, 'superadmin');
    const answer = await call('POST', '/api/sessions/end-others', first);
    expect(answer.json()).toMatchObject({ ended: 2 });
    expect((await listGates(second)).statusCode).toBe(401);
    expect((await listGates(third)).statusCode).toBe(401);
    expect((await listGates(first)).statusCode).toBe(200);
  });
});

describe('refresh', () => {
  it('rotates the token within the session and never past its absolute end from sign-in', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    const signedInAt = Math.floor(t.clock.now().getTime() / 1000);
    let token = user.token;
    for (let hour = 1; hour <= 3; hour++) {
      t.clock.advance(HOUR * 1000 - 60_000);
      const answer = await refresh(token);
      expect(answer.statusCode).toBe(200);
      token = answer.json().token;
    }
    expect(jose.decodeJwt(token).exp).toBe(signedInAt + 3 * HOUR);
    t.clock.advance(HOUR * 1000);
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await listGates(token)).statusCode).toBe(401);
  });
});
