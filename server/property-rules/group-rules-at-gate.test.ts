import { PASS_GATE_MESSAGES } from '@core/api/pass-gates';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveDeviceKey, seedSimulatedGate } from '../../test/support/gate-test-support';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { deliveryPasses } from '../delivery/delivery-tables';
import { assignResidentPin } from '../people/resident-pin';
import { accessGroups } from './property-rule-tables';

let t: TestApp;
const simulator = new RelaySimulator();
let propertyId: string;
let manager: SeededUser;
let resident: SeededUser;
let pin: string;
let front: { id: string; key: string };
let side: { id: string; key: string };
let allResidents: string;

// Monday 30 November 2026, 10:00 in New York.
const MONDAY_10AM = '2026-11-30T15:00:00Z';
const CARD = '123:45678';

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY_10AM);
  propertyId = (
    await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin', 'rfid'], timeZone: 'America/New_York' })
  ).id;
  manager = await seedUser(t.app, { role: 'admin', propertyId });
  resident = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Rita' });
  pin = await assignResidentPin(t.app.db, t.app.config.secret, { userId: resident.id, propertyId });
  for (const name of ['Front gate', 'Side gate']) {
    const { device } = await seedSimulatedGate(t.app, simulator, propertyId, { name });
    const gate = { id: device.id, key: await giveDeviceKey(t.app, device.id) };
    if (name === 'Front gate') front = gate;
    else side = gate;
  }
  const enrolled = await call(manager, 'POST', '/api/cards', { userId: resident.id, number: CARD });
  expect(enrolled.statusCode).toBe(201);
  [{ id: allResidents }] = await t.app.db
    .select({ id: accessGroups.id })
    .from(accessGroups)
    .where(eq(accessGroups.propertyId, propertyId));
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

function call(user: SeededUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: bearer(user.token) });
}
const putGroup = async (gateIds: string[], memberIds: string[], weekly: object) => {
  const answer = await call(manager, 'PUT', `/api/access-groups/${allResidents}`, {
    name: 'All residents',
    gateIds,
    memberIds,
    // The members chosen here, not every resident.
    allResidents: false,
    schedule: { weekly, exceptions: [{ date: '2026-12-25', ranges: [], name: 'Christmas Day' }] },
  });
  expect(answer.statusCode).toBe(200);
};
const remoteOpen = (gate = front) =>
  call(resident, 'POST', '/api/device/trigger-relay', { deviceId: gate.id, propertyId });
const enterPin = (gate = front) =>
  t.app.inject({ method: 'POST', url: '/api/access/pin', payload: { pin }, headers: bearer(gate.key) });
const tapCard = (gate = front) =>
  t.app.inject({ method: 'POST', url: '/api/access/card', payload: { card: CARD }, headers: bearer(gate.key) });
const gateList = async (user = resident) =>
  (await call(user, 'GET', '/api/device/get-gate-devices')).json().gateDevices as {
    id: string;
    allowedNow: boolean;
    opensAt: string | null;
  }[];

describe('access groups at the gate, through the real routes', () => {
  it('"All residents" as every property starts: every gate, always', async () => {
    expect((await remoteOpen()).statusCode).toBe(200);
    expect((await enterPin(side)).json().granted).toBe(true);
    expect((await gateList()).map((gate) => gate.allowedNow)).toEqual([true, true]);
  });

  it('a resident in no group for a gate is refused there by app, PIN and card, and does not see it', async () => {
    await putGroup([side.id], [resident.id], { mon: [{ from: '00:00', to: '24:00' }] });
    const open = await remoteOpen(front);
    expect(open.statusCode).toBe(403);
    expect(open.json().message).toBe("You don't have access to this gate");
    expect((await enterPin(front)).json()).toMatchObject({ granted: false, rule: 'not_allowed_at_gate' });
    expect((await tapCard(front)).json()).toMatchObject({ granted: false, rule: 'not_allowed_at_gate' });
    expect((await gateList()).map((gate) => gate.id)).toEqual([side.id]);
    expect((await enterPin(side)).json().granted).toBe(true);
    // Managers keep every gate, always.
    expect(await gateList(manager)).toEqual([
      expect.objectContaining({ id: front.id, allowedNow: true, opensAt: null }),
      expect.objectContaining({ id: side.id, allowedNow: true, opensAt: null }),
    ]);
  });

  it('outside the group’s hours the gate is listed as not now, with its next opening, and refused', async () => {
    await putGroup([front.id], [resident.id], {
      mon: [{ from: '18:00', to: '06:00' }],
      tue: [{ from: '06:00', to: '09:00' }],
    });
    expect(await gateList()).toEqual([
      expect.objectContaining({ id: front.id, allowedNow: false, opensAt: '18:00 EST' }),
    ]);
    const open = await remoteOpen();
    expect(open.statusCode).toBe(403);
    expect(open.json().message).toBe('Not within your access hours');
    expect((await enterPin()).json()).toMatchObject({ granted: false, rule: 'outside_schedule' });
    expect((await tapCard()).json()).toMatchObject({ granted: false, rule: 'outside_schedule' });
    // Past midnight the Monday range still runs; Tuesday at 10:00 the next opening is next Monday.
    t.clock.set('2026-12-01T05:30:00Z');
    expect(await gateList()).toEqual([expect.objectContaining({ allowedNow: true, opensAt: null })]);
    expect((await enterPin()).json().granted).toBe(true);
    t.clock.set('2026-12-01T15:00:00Z');
    expect(await gateList()).toEqual([expect.objectContaining({ allowedNow: false, opensAt: 'Mon 18:00 EST' })]);
    t.clock.set(MONDAY_10AM);
  });

  it('a delivery pass may be narrowed only to gates its creator may use', async () => {
    await putGroup([side.id], [resident.id], { mon: [{ from: '00:00', to: '24:00' }] });
    const create = (gateIds: string[]) =>
      call(resident, 'POST', '/api/delivery-passes', { hours: 2, uses: 1, gateIds });
    const foreign = await create([front.id]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors).toEqual({ gateIds: PASS_GATE_MESSAGES.notYours });
    expect((await create([])).json().fieldErrors.gateIds).toMatch(/Choose at least one gate/);
    const narrowed = await create([side.id]);
    expect(narrowed.statusCode).toBe(201);
    const [stored] = await t.app.db
      .select({ gateIds: deliveryPasses.gateIds })
      .from(deliveryPasses)
      .where(eq(deliveryPasses.createdBy, resident.id));
    expect(stored.gateIds).toEqual([side.id]);
    // A manager may narrow to any gate of the property.
    expect(
      (await call(manager, 'POST', '/api/delivery-passes', { hours: 2, uses: 1, gateIds: [front.id] })).statusCode,
    ).toBe(201);
  });

  it('a resident moved out of every group opens nothing', async () => {
    await putGroup([front.id, side.id], [], { mon: [{ from: '00:00', to: '24:00' }] });
    expect(await gateList()).toEqual([]);
    for (const gate of [front, side]) {
      expect((await remoteOpen(gate)).statusCode).toBe(403);
      expect((await enterPin(gate)).json()).toMatchObject({ granted: false, rule: 'not_allowed_at_gate' });
      expect((await tapCard(gate)).json()).toMatchObject({ granted: false, rule: 'not_allowed_at_gate' });
    }
  });
});
