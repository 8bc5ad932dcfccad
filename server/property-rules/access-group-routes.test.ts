import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSimulatedGate } from '../../test/support/gate-test-support';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { activity } from '../activity/activity-tables';

let t: TestApp;
const simulator = new RelaySimulator();
let propertyId: string;
let otherPropertyId: string;
let manager: SeededUser;
let otherManager: SeededUser;
let resident: SeededUser;
let root: SeededUser;
let frontGate: string;
let otherGate: string;

const ALWAYS_WEEKDAYS = { mon: [{ from: '07:00', to: '22:00' }], fri: [{ from: '22:00', to: '02:00' }] };

beforeAll(async () => {
  t = await createTestApp();
  propertyId = (await seedProperty(t.app)).id;
  otherPropertyId = (await seedProperty(t.app)).id;
  manager = await seedUser(t.app, { role: 'admin', propertyId });
  otherManager = await seedUser(t.app, { role: 'admin', propertyId: otherPropertyId });
  resident = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Rita' });
  root = await seedUser(t.app, { role: 'superadmin' });
  frontGate = (await seedSimulatedGate(t.app, simulator, propertyId, { name: 'Front gate' })).device.id;
  otherGate = (await seedSimulatedGate(t.app, simulator, otherPropertyId, { name: 'Their gate' })).device.id;
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const call = (user: SeededUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(user.token) });
const groupsOf = async (user: SeededUser, property = propertyId) =>
  (await call(user, 'GET', `/api/properties/${property}/access-groups`)).json().groups as {
    _id: string;
    name: string;
    gateIds: string[];
    memberIds: string[];
    followsAllGates: boolean;
    allResidents: boolean;
  }[];
const countGroups = async () =>
  Number(
    ((await t.app.db.execute(sql`select count(*)::int as n from access_groups`)) as { rows: { n: number }[] }).rows[0]
      .n,
  );
const group = (name: string, extra: object = {}) => ({
  name,
  gateIds: [frontGate],
  memberIds: [resident.id],
  schedule: { weekly: ALWAYS_WEEKDAYS, exceptions: [{ date: '2026-12-25', ranges: [], name: 'Christmas Day' }] },
  ...extra,
});

describe('access groups', () => {
  it('starts every property with "All residents", which follows gates and residents added later', async () => {
    const [all] = await groupsOf(manager);
    expect(all).toMatchObject({ name: 'All residents', followsAllGates: true, allResidents: true });
    expect(all.gateIds).toEqual([frontGate]);
    expect(all.memberIds).toEqual([resident.id]);
    const later = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Zed' });
    const side = (await seedSimulatedGate(t.app, simulator, propertyId, { name: 'Side gate' })).device.id;
    const [after] = await groupsOf(manager);
    expect(after.gateIds).toEqual([frontGate, side]);
    expect(after.memberIds).toEqual([resident.id, later.id]);
    // Managers are not members: they open every gate by their role.
    expect(after.memberIds).not.toContain(manager.id);
  });

  it('creates a group with its gates, members and schedule; names are unique per property in any case', async () => {
    const created = await call(manager, 'POST', `/api/properties/${propertyId}/access-groups`, group('Pool hours'));
    expect(created.statusCode).toBe(201);
    expect(created.json().group).toMatchObject({
      name: 'Pool hours',
      gateIds: [frontGate],
      memberIds: [resident.id],
      followsAllGates: false,
      allResidents: false,
      schedule: { weekly: ALWAYS_WEEKDAYS },
    });
    const before = await countGroups();
    const again = await call(manager, 'POST', `/api/properties/${propertyId}/access-groups`, group('POOL HOURS'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'This property already has a group called “POOL HOURS”. Choose another name.',
      fieldErrors: { name: 'This property already has a group called “POOL HOURS”. Choose another name.' },
    });
    // Another property may use the same name.
    const elsewhere = await call(
      otherManager,
      'POST',
      `/api/properties/${otherPropertyId}/access-groups`,
      group('Pool hours', { gateIds: [otherGate], memberIds: [] }),
    );
    expect(elsewhere.statusCode).toBe(201);
    expect(await countGroups()).toBe(before + 1);
  });

  it('refuses gates and members that are not the property’s gates and residents, on their fields, changing nothing', async () => {
    const before = await countGroups();
    const foreign = await call(
      manager,
      'POST',
      `/api/properties/${propertyId}/access-groups`,
      group('Foreign', { gateIds: [frontGate, otherGate], memberIds: [resident.id, manager.id] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors).toEqual({
      gateIds: 'One of the chosen gates is not a gate of this property.',
      memberIds: 'One of the chosen members is not a resident of this property.',
    });
    const badTime = await call(
      manager,
      'POST',
      `/api/properties/${propertyId}/access-groups`,
      group('Bad time', { schedule: { weekly: { mon: [{ from: '25:00', to: '06:00' }] } } }),
    );
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().fieldErrors['schedule.weekly.mon.0.from']).toBe(
      'Use a time of day as HH:MM, from 00:00 to 24:00',
    );
    const noName = await call(manager, 'POST', `/api/properties/${propertyId}/access-groups`, group('  '));
    expect(noName.json().fieldErrors).toEqual({ name: 'Group name is required' });
    expect(await countGroups()).toBe(before);

    const [all] = await groupsOf(manager);
    const stale = await call(
      manager,
      'PUT',
      `/api/access-groups/${all._id}`,
      group('All residents', { gateIds: [otherGate] }),
    );
    expect(stale.statusCode).toBe(400);
    expect((await groupsOf(manager))[0]).toMatchObject({ followsAllGates: true, allResidents: true });
  });

  it('a PUT replaces the lists at once; on "All residents" it keeps every resident, newcomers included', async () => {
    const [all] = await groupsOf(manager);
    const saved = await call(
      manager,
      'PUT',
      `/api/access-groups/${all._id}`,
      // A body written before the flag existed: an edit of gates or hours keeps it.
      group('All residents', { gateIds: [frontGate], memberIds: [resident.id] }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().group).toMatchObject({ gateIds: [frontGate], followsAllGates: false, allResidents: true });
    const newcomer = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Newcomer' });
    await seedSimulatedGate(t.app, simulator, propertyId, { name: 'Back gate' });
    const [after] = await groupsOf(manager);
    // The gate left out stays out; the resident added later is in.
    expect(after).toMatchObject({ gateIds: [frontGate], allResidents: true });
    expect(after.memberIds).toContain(newcomer.id);
  });

  it('records a save that changes only the name without listing the unchanged schedule', async () => {
    const created = (
      await call(manager, 'POST', `/api/properties/${propertyId}/access-groups`, group('Gym', { memberIds: [] }))
    ).json();
    const id = created.group._id;
    expect(
      (await call(manager, 'PUT', `/api/access-groups/${id}`, group('Gym and sauna', { memberIds: [] }))).statusCode,
    ).toBe(200);
    const [entry] = await t.app.db
      .select({ changes: activity.changes })
      .from(activity)
      .where(and(eq(activity.objectId, id), eq(activity.action, 'access-group.update')));
    expect(Object.keys(entry.changes)).toEqual(['name']);
  });

  it('keeps managers of another property, and residents, away from a property’s groups', async () => {
    const [all] = await groupsOf(manager);
    const before = JSON.stringify(await groupsOf(manager));
    expect((await call(otherManager, 'GET', `/api/properties/${propertyId}/access-groups`)).statusCode).toBe(404);
    expect(
      (await call(otherManager, 'POST', `/api/properties/${propertyId}/access-groups`, group('Mine'))).statusCode,
    ).toBe(404);
    expect((await call(otherManager, 'PUT', `/api/access-groups/${all._id}`, group('Taken'))).statusCode).toBe(404);
    expect((await call(otherManager, 'DELETE', `/api/access-groups/${all._id}`)).statusCode).toBe(404);
    expect((await call(resident, 'GET', `/api/properties/${propertyId}/access-groups`)).statusCode).toBe(403);
    expect((await call(resident, 'DELETE', `/api/access-groups/${all._id}`)).statusCode).toBe(403);
    expect(JSON.stringify(await groupsOf(manager))).toBe(before);
    // A super administrator reaches every property's groups; an unknown property is not found.
    expect(await groupsOf(root, otherPropertyId)).toHaveLength(2);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(root, 'GET', `/api/properties/${unknown}/access-groups`)).statusCode).toBe(404);
  });

  it('deletes any group, "All residents" included; the Users list then says the resident has none', async () => {
    const groupsOfRita = async () =>
      (await call(manager, 'GET', '/api/resident/get-all?limit=100'))
        .json()
        .users.find((user: { _id: string }) => user._id === resident.id).accessGroups;
    expect(await groupsOfRita()).toEqual(['All residents', 'Pool hours']);
    const groups = await groupsOf(manager);
    for (const one of groups)
      expect((await call(manager, 'DELETE', `/api/access-groups/${one._id}`)).statusCode).toBe(200);
    expect(await groupsOf(manager)).toEqual([]);
    expect(await groupsOfRita()).toEqual([]);
    expect((await call(manager, 'DELETE', `/api/access-groups/${groups[0]._id}`)).statusCode).toBe(404);
  });
});
