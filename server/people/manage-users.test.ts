import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keySeededEvents } from '../../test/support/keyed-log-seed';
import { seedInvitedUsers, seedVisitorWithCode } from '../../test/support/manage-test-support';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { users } from '../accounts/account-tables';
import { gateLogSubjects, gateLogs } from '../gate-log/gate-log-tables';
import { qrCodes, visitors } from '../visitors/visitor-tables';
import { assignResidentPin } from './resident-pin';

let t: TestApp;
let propertyA: Awaited<ReturnType<typeof seedProperty>>;
let propertyB: Awaited<ReturnType<typeof seedProperty>>;
let adminA: SeededUser;
let superadmin: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  propertyA = await seedProperty(t.app, { propertyName: 'Alder Court', propertyFeatures: ['qr', 'securepin'] });
  propertyB = await seedProperty(t.app, { propertyName: 'Birch Park' });
  adminA = await seedUser(t.app, { role: 'admin', propertyId: propertyA.id });
  superadmin = await seedUser(t.app, { role: 'superadmin' });
  await seedInvitedUsers(t.app, propertyA.id, 64, 'alder');
  await seedInvitedUsers(t.app, propertyB.id, 5, 'birch');
});
afterAll(() => t.close());

const getAll = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/resident/get-all${query}`, headers: bearer(token) });
const getLogs = () =>
  t.app.inject({ method: 'GET', url: `/api/relay-logs/property/${propertyA.id}`, headers: bearer(adminA.token) });
const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe('GET /api/resident/get-all', () => {
  it('pages an admin through their own property only: 65 users, 30 a page', async () => {
    const page2 = await getAll(adminA.token, '?page=2&limit=30');
    expect(page2.statusCode).toBe(200);
    const body = page2.json();
    expect(body.pagination).toEqual({
      totalItems: 65,
      totalPages: 3,
      totalExact: true,
      nextCursor: expect.any(String),
    });
    expect(body.users).toHaveLength(30);
    expect(body.users.every((user: { propertyId: string }) => user.propertyId === propertyA.id)).toBe(true);
    const forced = (await getAll(adminA.token, `?property=${propertyB.id}`)).json();
    expect(forced.pagination.totalItems).toBe(65);
  });

  it('searches first name, last name and email case-insensitively, wildcards taken literally', async () => {
    const byName = (await getAll(superadmin.token, '?search=BIRCH3')).json();
    expect(byName.users.map((user: { firstName: string }) => user.firstName)).toEqual(['birch3']);
    const byFull = (await getAll(superadmin.token, '?search=alder12 listed')).json();
    expect(byFull.pagination.totalItems).toBe(1);
    expect((await getAll(superadmin.token, '?search=%25')).json().pagination.totalItems).toBe(0);
  });

  it('filters by property and role for a superadmin', async () => {
    expect((await getAll(superadmin.token, `?property=${propertyB.id}`)).json().pagination.totalItems).toBe(5);
    const admins = (await getAll(superadmin.token, '?role=admin')).json();
    expect(admins.users.map((user: { _id: string }) => user._id)).toEqual([adminA.id]);
  });

  it('shows the property, visitor emails and whether a secure PIN is set, never the PIN', async () => {
    const resident = await seedUser(t.app, { role: 'resident', propertyId: propertyA.id, firstName: 'Pinned' });
    await assignResidentPin(t.app.db, t.app.config.secret, { userId: resident.id, propertyId: propertyA.id });
    await seedVisitorWithCode(t.app, { propertyId: propertyA.id, createdBy: resident.id, email: 'one@example.com' });
    await seedVisitorWithCode(t.app, { propertyId: propertyA.id, createdBy: resident.id, email: 'two@example.com' });
    const [row] = (await getAll(adminA.token, '?search=pinned')).json().users;
    expect(row).not.toHaveProperty('securePin');
    expect(row).toMatchObject({
      hasSecurePin: true,
      property: { propertyName: 'Alder Court', propertyLocation: propertyA.propertyLocation },
      visitorEmails: ['one@example.com', 'two@example.com'],
      visitorsCreated: 2,
      role: 'resident',
    });
    const adminB = await seedUser(t.app, { role: 'admin', propertyId: propertyB.id });
    const [other] = (await getAll(adminB.token, '?search=birch1')).json().users;
    expect(other).not.toHaveProperty('securePin');
    expect(other.visitorEmails).toEqual([]);
  });

  it('refuses residents and names a bad query field', async () => {
    const resident = await seedUser(t.app, { role: 'resident', propertyId: propertyA.id });
    expect((await getAll(resident.token)).statusCode).toBe(403);
    const bad = await getAll(superadmin.token, '?limit=100000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('limit');
  });
});

describe('POST /api/resident/update', () => {
  const edit = (user: SeededUser, values: Record<string, unknown> = {}) => ({
    _id: user.id,
    firstName: 'Edited',
    lastName: 'Person',
    email: user.email,
    phoneNumber: '5551234567',
    ...values,
  });

  it('saves an edit and answers the docs/SPEC.md §5 messages for a bad email or phone, changing nothing', async () => {
    const resident = await seedUser(t.app, { role: 'resident', propertyId: propertyA.id });
    expect((await post('/api/resident/update', adminA.token, edit(resident))).statusCode).toBe(200);
    const [saved] = await t.app.db.select().from(users).where(eq(users.id, resident.id));
    expect(saved).toMatchObject({ firstName: 'Edited', phoneNumber: '+15551234567' });
    const badEmail = await post(
      '/api/resident/update',
      adminA.token,
      edit(resident, { email: 'nope', firstName: 'X' }),
    );
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({
      message: 'Invalid email format',
      fieldErrors: { email: 'Invalid email format' },
      requestId: expect.any(String),
    });
    const badPhone = await post('/api/resident/update', adminA.token, edit(resident, { phoneNumber: '123' }));
    expect(badPhone.json().message).toBe('Phone number must be 10 digits');
    const [unchanged] = await t.app.db.select().from(users).where(eq(users.id, resident.id));
    expect(unchanged.firstName).toBe('Edited');
  });

  it('keeps the role read-only for admins and another property out of reach', async () => {
    const resident = await seedUser(t.app, { role: 'resident', propertyId: propertyA.id });
    const promote = await post('/api/resident/update', adminA.token, edit(resident, { role: 'superadmin' }));
    expect(promote.statusCode).toBe(403);
    const outsider = await seedUser(t.app, { role: 'resident', propertyId: propertyB.id });
    expect((await post('/api/resident/update', adminA.token, edit(outsider))).statusCode).toBe(404);
    expect((await post('/api/resident/update', adminA.token, edit(superadmin))).statusCode).toBe(404);
  });

  it('lets a superadmin change the role, ending that user`s sessions; refuses a taken email', async () => {
    const resident = await seedUser(t.app, { role: 'resident', propertyId: propertyA.id });
    const answer = await post('/api/resident/update', superadmin.token, edit(resident, { role: 'admin' }));
    expect(answer.statusCode).toBe(200);
    expect((await getAll(resident.token)).statusCode).toBe(401);
    const taken = await post('/api/resident/update', superadmin.token, edit(resident, { email: adminA.email }));
    expect(taken.statusCode).toBe(409);
  });
});

describe('POST /api/resident/delete', () => {
  it('deletes the user with their visitors and codes, and their token stops working', async () => {
    const resident = await seedUser(t.app, { role: 'resident', propertyId: propertyA.id });
    const { visitor, code } = await seedVisitorWithCode(t.app, { propertyId: propertyA.id, createdBy: resident.id });
    expect((await post('/api/resident/delete', adminA.token, { _id: resident.id })).statusCode).toBe(200);
    expect(await t.app.db.select().from(visitors).where(eq(visitors.id, visitor.id))).toEqual([]);
    expect(await t.app.db.select().from(qrCodes).where(eq(qrCodes.id, code.id))).toEqual([]);
    const refreshed = await post('/api/token/refresh', resident.token, {});
    expect(refreshed.statusCode).toBe(401);
  });

  it("removes the user's access history with the account, as the deletion page says, and nobody else's", async () => {
    const resident = await seedUser(t.app, { role: 'resident', propertyId: propertyA.id });
    const neighbour = await seedUser(t.app, { role: 'resident', propertyId: propertyA.id });
    const event = (values: Partial<typeof gateLogs.$inferInsert>) => ({
      propertyId: propertyA.id,
      status: 'success' as const,
      callerType: 'user' as const,
      ...values,
    });
    await t.app.db
      .insert(gateLogs)
      .values([
        event({ actorUserId: resident.id, searchText: 'resident ruth rosewood' }),
        event({ callerType: 'visitor', creatorUserId: resident.id, searchText: 'guest gil rosewood' }),
        event({ actorUserId: neighbour.id, searchText: 'neighbour nell' }),
      ]);
    await keySeededEvents(t.app.db);
    const listed = async () => (await getLogs()).json().pagination.totalItems as number;
    const before = await listed();
    expect((await post('/api/resident/delete', adminA.token, { _id: resident.id })).statusCode).toBe(200);
    expect(await listed()).toBe(before - 2);
    const left = await t.app.db.select().from(gateLogs);
    expect(left.some((row) => row.actorUserId === resident.id || row.creatorUserId === resident.id)).toBe(false);
    expect(left.some((row) => row.actorUserId === neighbour.id)).toBe(true);
    // Their names left the log's search with their events; the neighbour's stayed.
    const subjects = (await t.app.db.select().from(gateLogSubjects)).map((subject) => subject.searchText);
    expect(subjects.filter((text) => text.includes('rosewood'))).toEqual([]);
    expect(subjects).toContain('neighbour nell');
  });

  it('refuses deleting oneself and users of another property', async () => {
    expect((await post('/api/resident/delete', adminA.token, { _id: adminA.id })).statusCode).toBe(400);
    const outsider = await seedUser(t.app, { role: 'resident', propertyId: propertyB.id });
    expect((await post('/api/resident/delete', adminA.token, { _id: outsider.id })).statusCode).toBe(404);
    expect(await t.app.db.select().from(users).where(eq(users.id, outsider.id))).toHaveLength(1);
  });
});
