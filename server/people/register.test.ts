import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteTokenOf, latestEmailTo } from '../../test/support/account-test-support';
import {
  bearer,
  createTestApp,
  login,
  seedProperty,
  seedUser,
  type TestApp,
  uniqueEmail,
} from '../../test/support/test-app';
import { users } from '../accounts/account-tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/resident/register', payload: body, headers: bearer(token) });

const person = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: uniqueEmail('new'),
  phoneNumber: '',
  password: 'ignored-default',
  role: 'resident',
  _id: '',
  ...overrides,
});

describe('POST /api/resident/register', () => {
  it('invites the user: no password yet, an email with a single-use token link (not the user id)', async () => {
    const property = await seedProperty(t.app);
    const admin = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const body = person({ email: 'Mixed.Case@Example.com', phoneNumber: '5551234567' });
    const answer = await register(admin.token, body);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().message).toBe('User successfully created');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, answer.json()._id));
    expect(row).toMatchObject({
      email: 'mixed.case@example.com',
      phoneNumber: '+15551234567',
      propertyId: property.id,
      role: 'resident',
      passwordHash: null,
    });
    const mail = await latestEmailTo(t.app, 'mixed.case@example.com');
    expect(mail?.text).toContain('http://gatehouse.test/verify-email?_id=');
    const token = inviteTokenOf(mail);
    expect(token).not.toContain(row.id);
    expect(token.length).toBeGreaterThanOrEqual(40);

    const verify = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/resident/verify-email',
        payload: { _id: token, newPassword: password },
      });
    const first = await verify('first-password');
    expect(first.statusCode).toBe(200);
    expect(first.json().token).toEqual(expect.any(String));
    await login(t.app, 'mixed.case@example.com', 'first-password', 'resident');
    const second = await verify('second-password');
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toMatch(/already been used/);
  });

  it('says whether an invitation link still works when it is opened, without using it up', async () => {
    const property = await seedProperty(t.app);
    const admin = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const email = uniqueEmail('opened');
    expect((await register(admin.token, person({ email }))).statusCode).toBe(201);
    const token = inviteTokenOf(await latestEmailTo(t.app, email));
    const open = (link: string) => t.app.inject({ method: 'GET', url: `/api/resident/validate-invitation/${link}` });
    expect((await open(token)).json()).toEqual({ message: 'This invitation link is valid' });
    expect((await open(token)).statusCode).toBe(200);
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/resident/verify-email',
      payload: { _id: token, newPassword: 'first-password' },
    });
    expect(used.statusCode).toBe(200);
    const reopened = await open(token);
    expect(reopened.statusCode).toBe(400);
    expect(reopened.json().message).toBe(
      'This invitation link has already been used. Sign in with your password or reset it.',
    );
    expect((await open('not-a-token')).json().message).toMatch(/invalid/);
  });

  it('says when an invitation has expired, and refuses an unknown one', async () => {
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const email = uniqueEmail('late');
    expect((await register(superadmin.token, person({ email, role: 'superadmin' }))).statusCode).toBe(201);
    const token = inviteTokenOf(await latestEmailTo(t.app, email));
    t.clock.advance(8 * 24 * 3600 * 1000);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/resident/verify-email',
      payload: { _id: token, newPassword: 'whatever-1' },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/expired/);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/resident/verify-email',
      payload: { _id: 'not-a-token', newPassword: 'whatever-1' },
    });
    expect(unknown.json().message).toMatch(/invalid/);
  });

  it('lets an admin register only for their own property, and never a superadmin', async () => {
    const own = await seedProperty(t.app);
    const other = await seedProperty(t.app);
    const admin = await seedUser(t.app, { role: 'admin', propertyId: own.id });
    expect((await register(admin.token, person({ _id: other.id }))).statusCode).toBe(404);
    const asSuper = await register(admin.token, person({ role: 'superadmin' }));
    expect(asSuper.statusCode).toBe(403);
    expect((await register(admin.token, person({ role: 'admin', _id: own.id }))).statusCode).toBe(201);
    const count = await t.app.db.select().from(users).where(eq(users.propertyId, other.id));
    expect(count).toHaveLength(0);
  });

  it('lets a superadmin register any role; residents and admins need a property, superadmins none', async () => {
    const property = await seedProperty(t.app);
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    expect((await register(superadmin.token, person({ role: 'admin', _id: property.id }))).statusCode).toBe(201);
    const noProperty = await register(superadmin.token, person({ role: 'resident' }));
    expect(noProperty.statusCode).toBe(400);
    expect(noProperty.json().message).toMatch(/Property is required/);
    const withProperty = await register(superadmin.token, person({ role: 'superadmin', _id: property.id }));
    expect(withProperty.statusCode).toBe(400);
  });

  it('answers a duplicate email with 409 and a clear message, whatever its case', async () => {
    const property = await seedProperty(t.app);
    const admin = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const email = uniqueEmail('twice');
    expect((await register(admin.token, person({ email }))).statusCode).toBe(201);
    const again = await register(admin.token, person({ email: email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A user with this email address already exists');
  });

  it('refuses residents, and names the bad field with nothing created', async () => {
    const property = await seedProperty(t.app);
    const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id });
    expect((await register(resident.token, person({ _id: property.id }))).statusCode).toBe(403);
    const admin = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const email = uniqueEmail('bad');
    for (const [field, body] of [
      ['phoneNumber', person({ email, phoneNumber: '12345' })],
      ['email', person({ email: 'not-an-email' })],
      ['firstName', person({ email, firstName: ' ' })],
    ] as const) {
      const answer = await register(admin.token, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().fieldErrors).toHaveProperty(field);
    }
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('gives residents of a securepin property a PIN at registration', async () => {
    const property = await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin'] });
    const admin = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const answer = await register(admin.token, person());
    const [row] = await t.app.db.select().from(users).where(eq(users.id, answer.json()._id));
    expect(row.securePinEncrypted).toBeTruthy();
    expect(row.securePinHmac).toMatch(/^[0-9a-f]{64}$/);
  });
});
