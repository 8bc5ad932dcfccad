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

// The `allResidents` flag of DESIGN.md: accepted and returned on every group route, kept on edits.
let t: TestApp;
const simulator = new RelaySimulator();
let propertyId: string;
let manager: SeededUser;
let resident: SeededUser;
let gates: string[];

beforeAll(async () => {
  t = await createTestApp();
  propertyId = (await seedProperty(t.app)).id;
  manager = await seedUser(t.app, { role: 'admin', propertyId });
  resident = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Rita' });
  gates = [];
  for (const name of ['Front gate', 'Pool gate', 'Side gate'])
    gates.push((await seedSimulatedGate(t.app, simulator, propertyId, { name })).device.id);
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const call = (user: SeededUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(user.token) });
type Group = { _id: string; name: string; gateIds: string[]; memberIds: string[]; allResidents: boolean };
const groups = async () =>
  (await call(manager, 'GET', `/api/properties/${propertyId}/access-groups`)).json().groups as Group[];
const ALWAYS = { weekly: { mon: [{ from: '00:00', to: '24:00' }] }, exceptions: [] };
const gatesOf = async (user: SeededUser) =>
  (await call(user, 'GET', '/api/device/get-gate-devices')).json().gateDevices.map((gate: { id: string }) => gate.id);

describe('allResidents', () => {
  it('"All residents" starts with it true', async () => {
    const [all] = await groups();
    expect(all).toMatchObject({ name: 'All residents', allResidents: true });
  });

  it('a new group with allResidents: true holds every resident, those added later too; memberIds is ignored', async () => {
    const created = await call(manager, 'POST', `/api/properties/${propertyId}/access-groups`, {
      name: 'Everyone at the pool',
      gateIds: [gates[1]],
      memberIds: [],
      allResidents: true,
      schedule: ALWAYS,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().group).toMatchObject({ allResidents: true, memberIds: [resident.id] });
    const later = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Zoe' });
    const pool = (await groups()).find((one) => one.name === 'Everyone at the pool');
    expect(pool?.memberIds).toEqual([resident.id, later.id]);
    const plain = await call(manager, 'POST', `/api/properties/${propertyId}/access-groups`, {
      name: 'Chosen few',
      gateIds: [gates[1]],
      memberIds: [resident.id],
      schedule: ALWAYS,
    });
    expect(plain.json().group).toMatchObject({ allResidents: false, memberIds: [resident.id] });
  });

  it('an edit of the gates or hours of "All residents" keeps it; a resident added later opens its gates', async () => {
    const [all] = await groups();
    const holiday = { weekly: ALWAYS.weekly, exceptions: [{ date: '2026-12-25', ranges: [], name: 'Christmas Day' }] };
    const edited = await call(manager, 'PUT', `/api/access-groups/${all._id}`, {
      name: all.name,
      gateIds: [gates[0], gates[2]],
      memberIds: all.memberIds,
      allResidents: true,
      schedule: holiday,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().group).toMatchObject({ allResidents: true, gateIds: [gates[0], gates[2]] });
    // Adding only a holiday, in a body without the flag: still every resident.
    const again = await call(manager, 'PUT', `/api/access-groups/${all._id}`, {
      name: all.name,
      gateIds: [gates[0], gates[2]],
      memberIds: [],
      schedule: { ...holiday, exceptions: [...holiday.exceptions, { date: '2027-01-01', ranges: [] }] },
    });
    expect(again.json().group).toMatchObject({ allResidents: true });
    const newcomer = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Newcomer' });
    expect((await groups())[0].memberIds).toContain(newcomer.id);
    expect(new Set(await gatesOf(newcomer))).toEqual(new Set(gates));
  });

  it('a manager may turn it off, keeping the chosen members; a newcomer is then in no group there', async () => {
    const pool = (await groups()).find((one) => one.name === 'Everyone at the pool') as Group;
    const off = await call(manager, 'PUT', `/api/access-groups/${pool._id}`, {
      name: pool.name,
      gateIds: pool.gateIds,
      memberIds: [resident.id],
      allResidents: false,
      schedule: ALWAYS,
    });
    expect(off.json().group).toMatchObject({ allResidents: false, memberIds: [resident.id] });
  });

  it('refuses a flag that is not a boolean, changing nothing', async () => {
    const [all] = await groups();
    const bad = await call(manager, 'PUT', `/api/access-groups/${all._id}`, {
      name: all.name,
      gateIds: all.gateIds,
      memberIds: [],
      allResidents: 'yes',
      schedule: ALWAYS,
    });
    expect(bad.statusCode).toBe(400);
    expect((await groups())[0]).toMatchObject({ allResidents: true });
  });
});
