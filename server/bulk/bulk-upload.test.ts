import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipientsOf, sentEmails } from '../../test/support/sent-mail';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { users } from '../accounts/account-tables';
import { accountTokens } from '../identity/identity-tables';

let t: TestApp;
let superadmin: SeededUser;
let propertyId: string;
let otherPropertyId: string;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await seedUser(t.app, { role: 'superadmin' });
  propertyId = (await seedProperty(t.app)).id;
  otherPropertyId = (await seedProperty(t.app)).id;
});
afterAll(() => t.close());

const upload = (token: string, rows: object[]) =>
  t.app.inject({ method: 'POST', url: '/api/resident/bulk-upload', headers: bearer(token), payload: { users: rows } });

const row = (email: string, values: Record<string, string> = {}) => ({
  firstName: 'Bulk',
  lastName: 'Person',
  email,
  phoneNumber: '',
  role: 'resident',
  propertyId,
  ...values,
});

describe('POST /api/resident/bulk-upload', () => {
  it('creates 990 of 1,000 rows, reports the 10 bad ones and invites every created user', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => row(`bulk.${i}@thousand.example.com`));
    const taken = await seedUser(t.app, { role: 'resident', propertyId });
    const bad: Record<number, [string, string]> = {
      3: ['email', 'not-an-email'],
      50: ['phoneNumber', '12345'],
      99: ['firstName', ''],
      150: ['lastName', ' '],
      200: ['role', 'janitor'],
      250: ['propertyId', ''],
      300: ['propertyId', '00000000-0000-4000-8000-000000000000'],
      350: ['propertyId', 'not-a-uuid'],
      400: ['email', taken.email],
      450: ['email', 'bulk.0@thousand.example.com'],
    };
    for (const [index, [field, value]] of Object.entries(bad)) rows[Number(index)][field as 'email'] = value;
    const answer = await upload(superadmin.token, rows);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.successfulUploads).toBe(990);
    expect(body.failedUploads).toBe(10);
    expect(body.errors.map((error: { message: string }) => error.message)).toEqual([
      'Invalid email address.',
      'Phone number must be exactly 10 digits.',
      'First name is required.',
      'Last name is required.',
      'Role must be resident or property manager.',
      'Property is required.',
      'Property not found.',
      'Property not found.',
      'A user with this email already exists.',
      'This email appears more than once in the upload.',
    ]);
    // Each error names its row, so a screen can drop exactly the rows that succeeded.
    expect(body.errors.map((error: { row: number }) => error.row)).toEqual(Object.keys(bad).map(Number));
    const created = await t.app.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(sql`${users.email} like '%@thousand.example.com'`);
    expect(created).toHaveLength(990);
    const ids = created.map((user) => user.id);
    const [{ invites }] = await t.app.db
      .select({ invites: count() })
      .from(accountTokens)
      .where(and(inArray(accountTokens.userId, ids), eq(accountTokens.kind, 'invite')));
    expect(invites).toBe(990);
    const invited = (await sentEmails(t.app)).filter((mail) => mail.subject === 'You have been invited to Gatehouse');
    const recipients = invited.flatMap(recipientsOf).filter((to) => to.endsWith('@thousand.example.com'));
    expect(recipients.sort()).toEqual(created.map((user) => user.email).sort());
    // A hang guard, not a time limit: 1,000 rows on PGlite took 20 s alone and 30 s beside other test files.
  }, 120_000);

  it('maps property manager to admin and lowercases emails for a superadmin', async () => {
    const body = (
      await upload(superadmin.token, [
        row('Mixed.Case@Example.com', { role: 'Property Manager', phoneNumber: '(555) 123-4567' }),
      ])
    ).json();
    expect(body).toEqual({ successfulUploads: 1, failedUploads: 0, errors: [] });
    const [saved] = await t.app.db.select().from(users).where(eq(users.email, 'mixed.case@example.com'));
    expect(saved).toMatchObject({ role: 'admin', propertyId, phoneNumber: '+15551234567' });
  });

  it('forces an admin`s rows to residents of their own property', async () => {
    const admin = await seedUser(t.app, { role: 'admin', propertyId });
    const body = (
      await upload(admin.token, [row('forced@example.com', { role: 'admin', propertyId: otherPropertyId })])
    ).json();
    expect(body.successfulUploads).toBe(1);
    const [saved] = await t.app.db.select().from(users).where(eq(users.email, 'forced@example.com'));
    expect(saved).toMatchObject({ role: 'resident', propertyId });
  });

  it('refuses residents and an empty or oversized list with the field named', async () => {
    const resident = await seedUser(t.app, { role: 'resident', propertyId });
    expect((await upload(resident.token, [row('r@example.com')])).statusCode).toBe(403);
    const empty = await upload(superadmin.token, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toHaveProperty('users');
  });
});
