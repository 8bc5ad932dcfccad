import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';

let t: TestApp;
let manager: SeededUser;
let resident: SeededUser;
let otherManager: SeededUser;
let plainResident: SeededUser;
let propertyId: string;
beforeAll(async () => {
  t = await createTestApp();
  const property = await seedProperty(t.app, { propertyFeatures: ['qr', 'rfid'] });
  propertyId = property.id;
  manager = await seedUser(t.app, { role: 'admin', propertyId });
  resident = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Rita' });
  const other = await seedProperty(t.app, { propertyFeatures: ['qr', 'rfid'] });
  otherManager = await seedUser(t.app, { role: 'admin', propertyId: other.id });
  const noRfid = await seedProperty(t.app, { propertyFeatures: ['qr'] });
  plainResident = await seedUser(t.app, { role: 'resident', propertyId: noRfid.id });
});
afterAll(() => t.close());

const call = (user: SeededUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(user.token) });
const enrol = (user: SeededUser, payload: object) => call(user, 'POST', '/api/cards', payload);

describe('RFID cards', () => {
  it('enrols a card once per property however its number is written, and stores no number', async () => {
    const first = await enrol(manager, { userId: resident.id, number: '123:45678', label: 'blue fob' });
    expect(first.statusCode).toBe(201);
    expect(first.json().card).toMatchObject({
      firstName: 'Rita',
      hint: 'FC 123, card …678',
      label: 'blue fob',
      enabled: true,
    });
    const sameCardAsTyped = await enrol(manager, { userId: resident.id, number: String(123 * 65536 + 45678) });
    expect(sameCardAsTyped.statusCode).toBe(409);
    expect(sameCardAsTyped.json()).toMatchObject({
      message: 'This card is already enrolled at this property.',
      fieldErrors: { number: 'This card is already enrolled at this property.' },
    });
    const stored = await t.app.db.execute(sql`select * from cards`);
    expect(JSON.stringify(stored)).not.toMatch(/45678|8107790/);
  });

  it('says what is wrong with a number, a property without RFID, or a holder of another property', async () => {
    const unreadable = await enrol(manager, { userId: resident.id, number: 'blue fob' });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().fieldErrors.number).toMatch(/not one we can read/);
    const root = await seedUser(t.app, { role: 'superadmin' });
    const off = await enrol(root, { userId: plainResident.id, number: '1:2' });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(
      'RFID Access is not turned on for this property. Turn it on in Properties: Edit this property, then tick RFID Access.',
    );
    const foreign = await enrol(otherManager, { userId: resident.id, number: '9:9' });
    expect(foreign.statusCode).toBe(404);
    const count = await t.app.db.execute(sql`select count(*)::int as n from cards where hint like 'FC 9,%'`);
    expect(JSON.stringify(count)).toContain('"n":0');
  });

  it('disables a lost card at once, enables it again, lists last use, and removes it', async () => {
    const { card } = (
      await enrol(manager, { userId: resident.id, number: '04:A2:3B:1C', label: 'phone sticker' })
    ).json();
    const lost = await call(manager, 'PATCH', `/api/cards/${card._id}`, { enabled: false });
    expect(lost.json().card).toMatchObject({ enabled: false, hint: 'UID …3b1c', label: 'phone sticker' });
    expect(
      (await call(manager, 'PATCH', `/api/cards/${card._id}`, { enabled: true, label: 'found' })).json().card,
    ).toMatchObject({
      enabled: true,
      label: 'found',
    });
    const list = (await call(manager, 'GET', `/api/cards/property/${propertyId}`)).json().cards;
    expect(list.find((one: { _id: string }) => one._id === card._id)).toMatchObject({ lastUsedAt: null });
    expect((await call(otherManager, 'GET', `/api/cards/property/${propertyId}`)).statusCode).toBe(404);
    expect((await call(manager, 'DELETE', `/api/cards/${card._id}`)).statusCode).toBe(200);
    expect((await call(manager, 'DELETE', `/api/cards/${card._id}`)).statusCode).toBe(404);
  });

  it('goes with its holder: deleting the resident removes their cards', async () => {
    const holder = await seedUser(t.app, { role: 'resident', propertyId });
    const { card } = (await enrol(manager, { userId: holder.id, number: '77:7777' })).json();
    await t.app.db.execute(sql`delete from users where id = ${holder.id}`);
    expect((await call(manager, 'PATCH', `/api/cards/${card._id}`, { enabled: true })).statusCode).toBe(404);
  });
});
