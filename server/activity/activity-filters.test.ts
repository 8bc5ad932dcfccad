import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';

/** The Activity screen's filters: object kind, one action, whole days in the property's zone, who acted. */
let t: TestApp;
let manager: SeededUser;
let resident: SeededUser;
let otherManager: SeededUser;
let root: SeededUser;
let propertyId: string;
let cardId: string;
beforeAll(async () => {
  t = await createTestApp();
  // 03:30 UTC on 2 March is still 1 March in New York (the seeded property's zone).
  t.clock.set('2026-03-02T03:30:00Z');
  propertyId = (await seedProperty(t.app, { propertyFeatures: ['qr', 'rfid'] })).id;
  manager = await seedUser(t.app, { role: 'admin', propertyId, firstName: 'Morgan', lastName: 'Lee' });
  resident = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Riley', lastName: 'Park' });
  otherManager = await seedUser(t.app, {
    role: 'admin',
    propertyId: (await seedProperty(t.app, { propertyFeatures: ['rfid'] })).id,
    firstName: 'Olive',
    lastName: 'Other',
  });
  root = await seedUser(t.app, { role: 'superadmin' });
  const enrol = (user: SeededUser, number: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cards',
      headers: bearer(manager.token),
      payload: { userId: user.id, number, label: 'Fob' },
    });
  cardId = (await enrol(resident, '1:100')).json().card._id;
  t.clock.set('2026-03-02T15:00:00Z');
  await t.app.inject({
    method: 'PATCH',
    url: `/api/cards/${cardId}`,
    headers: bearer(manager.token),
    payload: { enabled: false },
  });
});
afterAll(() => t.close());

const get = (user: SeededUser, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/activity${query}`, headers: bearer(user.token) });
const actions = async (user: SeededUser, query: string) => {
  const answer = await get(user, query);
  expect(answer.statusCode).toBe(200);
  return answer.json().entries.map((entry: { action: string }) => entry.action);
};

describe('the trail filters', () => {
  it('reads whole days in the property zone: an enrolment at 03:30 UTC falls on the day before', async () => {
    expect(await actions(manager, '?objectKind=card&fromDate=2026-03-01&toDate=2026-03-01')).toEqual(['card.enrol']);
    expect(await actions(manager, '?objectKind=card&fromDate=2026-03-02&toDate=2026-03-02')).toEqual(['card.update']);
    expect(await actions(root, `?propertyId=${propertyId}&objectKind=card&toDate=2026-03-01`)).toEqual(['card.enrol']);
    // Across every property the days are UTC's: both fall on 2 March.
    expect(await actions(root, '?objectKind=card&fromDate=2026-03-02&toDate=2026-03-02')).toEqual([
      'card.update',
      'card.enrol',
    ]);
  });

  it('filters by one action, by object kind and by the object', async () => {
    expect(await actions(manager, '?action=card.update')).toEqual(['card.update']);
    expect(await actions(manager, `?objectId=${cardId}`)).toEqual(['card.update', 'card.enrol']);
    expect(await actions(manager, '?objectKind=visitor')).toEqual([]);
  });

  it('lists who acted, within the reader’s property only', async () => {
    const list = async (user: SeededUser, query = '') => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/activity/actors${query}`,
        headers: bearer(user.token),
      });
      expect(answer.statusCode).toBe(200);
      return answer.json().actors.map((actor: { name: string }) => actor.name);
    };
    const own = await list(manager);
    expect(own).toContain('Morgan Lee');
    expect(own).not.toContain('Olive Other');
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/activity/actors?propertyId=${propertyId}`,
      headers: bearer(otherManager.token),
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(await list(root)).toEqual(expect.arrayContaining(['Morgan Lee', 'Olive Other']));
    expect(await list(root, `?propertyId=${propertyId}`)).not.toContain('Olive Other');
  });

  it('keeps a manager to their property whatever they ask, and refuses residents', async () => {
    expect(await actions(otherManager, `?objectId=${cardId}`)).toEqual([]);
    expect((await get(otherManager, `?propertyId=${propertyId}`)).statusCode).toBe(404);
    expect((await get(resident, '?objectKind=card')).statusCode).toBe(403);
    const actors = await t.app.inject({ method: 'GET', url: '/api/activity/actors', headers: bearer(resident.token) });
    expect(actors.statusCode).toBe(403);
  });

  it.each([
    ['?fromDate=2026-03-05&toDate=2026-03-01', 'toDate', 'The end must not be before the start.'],
    ['?fromDate=2026-02-30', 'fromDate', 'must be a date such as 2026-06-30'],
    ['?action=card.steal', 'action', 'must be one of the listed actions'],
    ['?objectKind=Card%20x', 'objectKind', 'must be a kind of object such as card or pass'],
  ])('refuses %s in words, on its field', async (query, field, words) => {
    const answer = await get(manager, query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors[field]).toContain(words);
    const csv = await t.app.inject({ method: 'GET', url: `/api/activity/export${query}`, headers: bearer(root.token) });
    expect(csv.statusCode).toBe(400);
  });
});
