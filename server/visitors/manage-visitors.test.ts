import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedVisitorWithCode } from '../../test/support/manage-test-support';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { qrCodes, visitors } from './visitor-tables';

let t: TestApp;
let adminA: SeededUser;
let residentA: SeededUser;
let residentB: SeededUser;
let propertyA: string;
let propertyB: string;

beforeAll(async () => {
  t = await createTestApp();
  propertyA = (await seedProperty(t.app, { propertyName: 'Cedar Grove' })).id;
  propertyB = (await seedProperty(t.app)).id;
  adminA = await seedUser(t.app, { role: 'admin', propertyId: propertyA });
  residentA = await seedUser(t.app, { role: 'resident', propertyId: propertyA });
  residentB = await seedUser(t.app, { role: 'resident', propertyId: propertyB });
  for (let i = 0; i < 3; i++) {
    await seedVisitorWithCode(t.app, { propertyId: propertyA, createdBy: residentA.id, firstName: `Ava${i}` });
  }
  await seedVisitorWithCode(t.app, { propertyId: propertyB, createdBy: residentB.id, firstName: 'Bellamy' });
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const getAll = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/visitor/get-all${query}`, headers: bearer(token) });

describe('GET /api/visitor/get-all', () => {
  it('lists only the admin`s property, with the resident, property and code count', async () => {
    const body = (await getAll(adminA.token)).json();
    expect(body.pagination).toEqual({ totalItems: 3, totalPages: 1, totalExact: true, nextCursor: null });
    expect(body.visitors[0]).toMatchObject({
      propertyId: propertyA,
      propertyName: 'Cedar Grove',
      residentEmail: residentA.email,
      qrCodeCount: 1,
    });
  });

  it('searches by name for a superadmin across properties', async () => {
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const body = (await getAll(superadmin.token, '?search=bellam')).json();
    expect(body.visitors.map((visitor: { firstName: string }) => visitor.firstName)).toEqual(['Bellamy']);
    expect((await getAll(superadmin.token, `?property=${propertyB}`)).json().pagination.totalItems).toBe(1);
  });
});

describe('POST /api/visitor/update and delete', () => {
  it('renames a visitor, and names a bad email field', async () => {
    const { visitor } = await seedVisitorWithCode(t.app, { propertyId: propertyA, createdBy: residentA.id });
    const payload = { _id: visitor.id, firstName: 'Renamed', lastName: 'Guest', email: 'Renamed@Example.com' };
    expect((await post('/api/visitor/update', adminA.token, payload)).statusCode).toBe(200);
    const [saved] = await t.app.db.select().from(visitors).where(eq(visitors.id, visitor.id));
    expect(saved).toMatchObject({ firstName: 'Renamed', email: 'renamed@example.com' });
    const bad = await post('/api/visitor/update', adminA.token, { ...payload, email: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('email');
  });

  it('deletes a visitor with their QR codes; another property`s visitor is out of reach', async () => {
    const { visitor, code } = await seedVisitorWithCode(t.app, { propertyId: propertyA, createdBy: residentA.id });
    expect((await post('/api/visitor/delete', adminA.token, { _id: visitor.id })).statusCode).toBe(200);
    expect(await t.app.db.select().from(qrCodes).where(eq(qrCodes.id, code.id))).toEqual([]);
    expect((await post('/api/visitor/delete', adminA.token, { _id: visitor.id })).statusCode).toBe(404);
    const other = await seedVisitorWithCode(t.app, { propertyId: propertyB, createdBy: residentB.id });
    expect((await post('/api/visitor/delete', adminA.token, { _id: other.visitor.id })).statusCode).toBe(404);
    expect((await post('/api/visitor/delete', residentA.token, { _id: other.visitor.id })).statusCode).toBe(403);
  });
});
