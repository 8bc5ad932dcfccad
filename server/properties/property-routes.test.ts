import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { devices } from '../device-records/device-tables';
import { randomToken, sha256Hex } from '../platform/crypto/keys';
import { properties } from '../property-records/property-tables';

let t: TestApp;
let superadmin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  superadmin = await seedUser(t.app, { role: 'superadmin' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

describe('POST /api/property/register', () => {
  it('creates the property with qr always on and answers 201', async () => {
    const answer = await call('POST', '/api/property/register', superadmin.token, {
      propertyName: 'Willow Park',
      propertyLocation: '5 Willow Lane',
      propertyFeatures: ['securepin'],
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      propertyName: 'Willow Park',
      propertyLocation: '5 Willow Lane',
      propertyFeatures: ['qr', 'securepin'],
      timeZone: 'America/New_York',
    });
  });

  it('answers 400 All fields are required for a blank name, and creates nothing', async () => {
    const before = await t.app.db.select().from(properties);
    const answer = await call('POST', '/api/property/register', superadmin.token, {
      propertyName: '  ',
      propertyLocation: 'Somewhere',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: 'All fields are required',
      fieldErrors: { propertyName: 'All fields are required' },
      requestId: expect.any(String),
    });
    expect(await t.app.db.select().from(properties)).toHaveLength(before.length);
  });

  it('refuses the same name and location again, whatever the case and spacing, with 409 and a sentence', async () => {
    const first = await call('POST', '/api/property/register', superadmin.token, {
      propertyName: 'Cedar Court',
      propertyLocation: '9 Cedar Way, Springfield',
    });
    expect(first.statusCode).toBe(201);
    const before = await t.app.db.select().from(properties);
    const again = await call('POST', '/api/property/register', superadmin.token, {
      propertyName: '  cedar   COURT ',
      propertyLocation: '9 cedar way,  Springfield',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'A property with this name and location already exists.',
      fieldErrors: { propertyName: 'A property with this name and location already exists.' },
      requestId: expect.any(String),
    });
    expect(await t.app.db.select().from(properties)).toHaveLength(before.length);
    const elsewhere = await call('POST', '/api/property/register', superadmin.token, {
      propertyName: 'Cedar Court',
      propertyLocation: '1 Other Street',
    });
    expect(elsewhere.statusCode).toBe(201);
    const renamed = await call('POST', '/api/property/update', superadmin.token, {
      _id: elsewhere.json()._id,
      propertyName: 'CEDAR court',
      propertyLocation: '9 Cedar Way,   Springfield',
    });
    expect(renamed.statusCode).toBe(409);
  });

  it('is for super administrators only', async () => {
    const property = await seedProperty(t.app);
    const admin = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const answer = await call('POST', '/api/property/register', admin.token, {
      propertyName: 'x',
      propertyLocation: 'y',
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe('listing properties', () => {
  it('gives a superadmin every property and an admin only their own', async () => {
    const own = await seedProperty(t.app, { propertyName: 'Aaa Own' });
    const other = await seedProperty(t.app, { propertyName: 'Aaa Other' });
    const admin = await seedUser(t.app, { role: 'admin', propertyId: own.id });
    const resident = await seedUser(t.app, { role: 'resident', propertyId: own.id });

    const all = (await call('GET', '/api/property/get-all', superadmin.token)).json();
    expect(all.map((p: { _id: string }) => p._id)).toEqual(expect.arrayContaining([own.id, other.id]));
    expect((await call('GET', '/api/property/get-all', admin.token)).json().map((p: { _id: string }) => p._id)).toEqual(
      [own.id],
    );
    expect((await call('GET', '/api/property/get-all', resident.token)).statusCode).toBe(403);
    const mine = (await call('GET', '/api/property/list-user-properties', resident.token)).json();
    expect(mine.properties.map((p: { _id: string }) => p._id)).toEqual([own.id]);
  });
});

describe('updating and deleting', () => {
  it('updates name, location and features, keeping qr', async () => {
    const property = await seedProperty(t.app);
    const answer = await call('POST', '/api/property/update', superadmin.token, {
      _id: property.id,
      propertyName: 'Renamed',
      propertyLocation: 'New place',
      propertyFeatures: ['rfid'],
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ propertyName: 'Renamed', propertyFeatures: ['qr', 'rfid'] });
  });

  it('keeps 2 years of gate events and 7 of activity until told otherwise, then what it is told', async () => {
    const property = await seedProperty(t.app);
    const base = { _id: property.id, propertyName: 'Kept', propertyLocation: `${property.id} Kept Road` };
    const unchanged = await call('POST', '/api/property/update', superadmin.token, base);
    expect(unchanged.json()).toMatchObject({ gateEventRetentionMonths: 24, activityRetentionMonths: 84 });
    const answer = await call('POST', '/api/property/update', superadmin.token, {
      ...base,
      gateEventRetentionMonths: 6,
      activityRetentionMonths: 12,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ gateEventRetentionMonths: 6, activityRetentionMonths: 12 });
    const [row] = await t.app.db.select().from(properties).where(eq(properties.id, property.id));
    expect(row).toMatchObject({ gateEventRetentionMonths: 6, activityRetentionMonths: 12 });
  });

  it.each([
    [{ gateEventRetentionMonths: 0 }, 'gateEventRetentionMonths', 'from 1 to 1200'],
    [{ gateEventRetentionMonths: 1201 }, 'gateEventRetentionMonths', 'from 1 to 1200'],
    [{ gateEventRetentionMonths: 2.5 }, 'gateEventRetentionMonths', 'whole number'],
    [{ gateEventRetentionMonths: '24' }, 'gateEventRetentionMonths', 'whole number'],
    [{ activityRetentionMonths: 11 }, 'activityRetentionMonths', 'from 12 (one year, the least)'],
    [{ activityRetentionMonths: -84 }, 'activityRetentionMonths', 'from 12 (one year, the least)'],
    [{ activityRetentionMonths: null }, 'activityRetentionMonths', 'whole number'],
  ])('refuses retention %j with 400 words on its field, and changes nothing', async (bad, field, words) => {
    const property = await seedProperty(t.app);
    const answer = await call('POST', '/api/property/update', superadmin.token, {
      _id: property.id,
      propertyName: 'Never saved',
      propertyLocation: 'Nowhere',
      ...bad,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors[field]).toContain(words);
    const [row] = await t.app.db.select().from(properties).where(eq(properties.id, property.id));
    expect(row).toMatchObject({
      propertyName: property.propertyName,
      gateEventRetentionMonths: 24,
      activityRetentionMonths: 84,
    });
  });

  it('refuses to delete a property that still has residents or devices with 409 naming them', async () => {
    const property = await seedProperty(t.app);
    await seedUser(t.app, { role: 'resident', propertyId: property.id });
    await seedUser(t.app, { role: 'resident', propertyId: property.id });
    await seedUser(t.app, { role: 'admin', propertyId: property.id });
    await t.app.db.insert(devices).values({
      propertyId: property.id,
      deviceName: 'Gate',
      deviceIpAddress: '10.0.0.5',
      deviceKeyHash: sha256Hex(randomToken()),
    });
    const answer = await call('POST', '/api/property/delete', superadmin.token, { _id: property.id });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(
      'This property still has 2 residents, 1 property manager, 1 device. Remove or move them before deleting the property.',
    );
    expect(await t.app.db.select().from(properties).where(eq(properties.id, property.id))).toHaveLength(1);
  });

  it('deletes an empty property', async () => {
    const property = await seedProperty(t.app);
    const answer = await call('POST', '/api/property/delete', superadmin.token, { _id: property.id });
    expect(answer.statusCode).toBe(200);
    expect(await t.app.db.select().from(properties).where(eq(properties.id, property.id))).toHaveLength(0);
    expect((await call('POST', '/api/property/delete', superadmin.token, { _id: property.id })).statusCode).toBe(404);
  });
});
