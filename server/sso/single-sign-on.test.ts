import { SSO_MESSAGES } from '@core/api/single-sign-on-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider } from '../../test/support/oidc-provider';
import { createTestApp, type SeededUser, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { activity } from '../activity/activity-tables';
import { sessions } from '../authorization/session-tables';

const APP_URL = 'http://gatehouse.test';
const CALLBACK = `${APP_URL}/api/auth/oidc/callback`;
let t: TestApp;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let manager: SeededUser;
let root: SeededUser;

beforeAll(async () => {
  provider = await startOidcProvider(CALLBACK, {
    manager: { email: 'mia.manager@acme.example', emailVerified: true },
    stranger: { email: 'nobody@acme.example', emailVerified: true },
    unverified: { email: 'mia.manager@acme.example', emailVerified: false },
    root: { email: 'root@acme.example', emailVerified: true },
    'root-mfa': { email: 'root@acme.example', emailVerified: true, amr: ['pwd', 'otp'] },
  });
  t = await createTestApp({
    appUrl: APP_URL,
    oidc: {
      issuer: provider.issuer,
      clientId: provider.client_id,
      clientSecret: provider.client_secret,
      label: 'Acme',
      trustMfa: true,
    },
  });
  const property = await seedProperty(t.app);
  manager = await seedUser(t.app, { role: 'admin', propertyId: property.id, email: 'Mia.Manager@acme.example' });
  root = await seedUser(t.app, { role: 'superadmin', email: 'root@acme.example' });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

async function start(role: 'admin' | 'superadmin' | 'resident') {
  const answer = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/start', payload: { role } });
  expect(answer.statusCode, answer.body).toBe(200);
  const cookie = String(answer.headers['set-cookie']).split(';')[0];
  return { url: answer.json().url as string, cookie };
}

const back = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: url.slice(APP_URL.length), headers: { cookie } });

const sessionsOf = async (userId: string) =>
  (await t.app.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('single sign-on', () => {
  it('offers the button with its label', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/oidc' })).json()).toEqual({ label: 'Acme' });
  });

  it('signs a manager in to their existing account and lands on their page, in the trail', async () => {
    const { url, cookie } = await start('admin');
    const callback = await provider.signIn(url, 'manager');
    const answer = await back(callback, cookie);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/register-user');
    const token = /(?:^|,\s*)token=([^;]+)/.exec(String(answer.headers['set-cookie']))?.[1];
    expect(token).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/sessions',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    const entries = await t.app.db.select().from(activity).where(eq(activity.actorId, manager.id));
    expect(entries.map((entry) => entry.summary)).toContain('Test admin signed in with Acme');
  });

  it('refuses an email no account uses, with the sentence, and starts no session', async () => {
    const { url, cookie } = await start('admin');
    const answer = await back(await provider.signIn(url, 'stranger'), cookie);
    expect(answer.headers.location).toBe('/login/Property-Manager-Login?sso=unknown&email=nobody%40acme.example');
    expect(String(answer.headers['set-cookie'])).not.toMatch(/token=/);
    expect(SSO_MESSAGES.unknownEmail('nobody@acme.example')).toBe(
      'No Gatehouse account uses nobody@acme.example. Ask your property manager to invite you.',
    );
  });

  it('refuses an unverified email, even of an existing account', async () => {
    const before = await sessionsOf(manager.id);
    const { url, cookie } = await start('admin');
    const answer = await back(await provider.signIn(url, 'unverified'), cookie);
    expect(answer.headers.location).toContain('sso=unverified');
    expect(await sessionsOf(manager.id)).toBe(before);
  });

  it('refuses an account of another role than the login page', async () => {
    const { url, cookie } = await start('resident');
    const answer = await back(await provider.signIn(url, 'manager'), cookie);
    expect(answer.headers.location).toContain('sso=unknown');
  });

  it('gives nothing for a replayed, a forged or another browser`s callback', async () => {
    const before = await sessionsOf(manager.id);
    const { url, cookie } = await start('admin');
    const callback = await provider.signIn(url, 'manager');
    const elsewhere = await back(callback, 'gh_oidc_state=not-this-browser');
    expect(elsewhere.headers.location).toContain('sso=failed');
    const forged = await back(callback.replace(/code=[^&]+/, 'code=forged'), cookie);
    expect(forged.headers.location).toContain('sso=failed');
    // The forged try took the sign-in: the real code, replayed after, finds nothing either.
    const replayed = await back(callback, cookie);
    expect(replayed.headers.location).toContain('sso=failed');
    expect(await sessionsOf(manager.id)).toBe(before);
  });

  it('asks a super administrator with a second factor for it after the provider', async () => {
    await t.app.db.execute(`update users set totp_secret_sealed = 'sealed' where id = '${root.id}'` as never);
    const plain = await start('superadmin');
    const asked = await back(await provider.signIn(plain.url, 'root'), plain.cookie);
    expect(asked.headers.location).toMatch(/^\/login\/Super-Admin#pending=.+&factors=code$/);
    expect(String(asked.headers['set-cookie'])).not.toMatch(/token=/);
  });

  it("trusts the provider's multi-factor (amr) for a super administrator where OIDC_TRUST_MFA=1", async () => {
    await t.app.db.execute(`update users set totp_secret_sealed = 'sealed' where id = '${root.id}'` as never);
    const before = await sessionsOf(root.id);
    const { url, cookie } = await start('superadmin');
    const answer = await back(await provider.signIn(url, 'root-mfa'), cookie);
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).not.toContain('/login/');
    expect(String(answer.headers['set-cookie'])).toMatch(/token=/);
    expect(await sessionsOf(root.id)).toBe(before + 1);
  });
});

describe('single sign-on without OIDC_TRUST_MFA', () => {
  let untrusting: TestApp;
  beforeAll(async () => {
    untrusting = await createTestApp({
      appUrl: APP_URL,
      oidc: {
        issuer: provider.issuer,
        clientId: provider.client_id,
        clientSecret: provider.client_secret,
        label: 'Acme',
        trustMfa: false,
      },
    });
  });
  afterAll(() => untrusting?.close());

  it("still asks a super administrator for Gatehouse's second factor though amr says the provider did one", async () => {
    const admin = await seedUser(untrusting.app, { role: 'superadmin', email: 'root@acme.example' });
    await untrusting.app.db.execute(`update users set totp_secret_sealed = 'sealed' where id = '${admin.id}'` as never);
    const started = await untrusting.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/start',
      payload: { role: 'superadmin' },
    });
    const cookie = String(started.headers['set-cookie']).split(';')[0];
    const callback = await provider.signIn(started.json().url, 'root-mfa');
    const answer = await untrusting.app.inject({
      method: 'GET',
      url: callback.slice(APP_URL.length),
      headers: { cookie },
    });
    expect(answer.headers.location).toMatch(/^\/login\/Super-Admin#pending=.+&factors=code$/);
    expect(String(answer.headers['set-cookie'])).not.toMatch(/token=/);
  });
});

describe('single sign-on while the provider is down', () => {
  it('starts, signs in with a password, and the button answers with a sentence', async () => {
    const down = await createTestApp({
      oidc: { issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y', label: 'Acme', trustMfa: false },
    });
    try {
      const user = await seedUser(down.app, { role: 'admin', propertyId: (await seedProperty(down.app)).id });
      expect(user.token).toBeTruthy();
      const answer = await down.app.inject({ method: 'POST', url: '/api/auth/oidc/start', payload: { role: 'admin' } });
      expect([answer.statusCode, answer.json().message], answer.body).toEqual([503, SSO_MESSAGES.providerDown('Acme')]);
    } finally {
      await down.close();
    }
  });
});
