import { PASS_GATE_MESSAGES } from '@core/api/pass-gates';
import { ALWAYS } from '@core/rules/schedule';
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
import { betweenDatesBody, registerAs } from '../../test/support/visitor-test-support';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { qrCodes } from '../visitors/visitor-tables';
import { accessGroupGates, accessGroupMembers, accessGroups } from './property-rule-tables';

/** A resident whose one group gives them gate A only: their passes may be narrowed to A, never to B. */
let t: TestApp;
const simulator = new RelaySimulator();
let resident: SeededUser;
let manager: SeededUser;
let propertyId: string;
let gateA: { id: string; key: string };
let gateB: { id: string; key: string };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2025-06-01T12:00:00Z');
  propertyId = (await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin'] })).id;
  resident = await seedUser(t.app, { role: 'resident', propertyId });
  manager = await seedUser(t.app, { role: 'admin', propertyId });
  const [a, b] = await Promise.all([0, 1].map(() => seedSimulatedGate(t.app, simulator, propertyId)));
  gateA = { id: a.device.id, key: await giveDeviceKey(t.app, a.device.id) };
  gateB = { id: b.device.id, key: await giveDeviceKey(t.app, b.device.id) };
  await t.app.db.delete(accessGroups).where(eq(accessGroups.propertyId, propertyId));
  const [group] = await t.app.db
    .insert(accessGroups)
    .values({ propertyId, name: 'Gate A', schedule: ALWAYS })
    .returning();
  await t.app.db.insert(accessGroupGates).values({ groupId: group.id, deviceId: gateA.id });
  await t.app.db.insert(accessGroupMembers).values({ groupId: group.id, userId: resident.id });
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const createDelivery = (user: SeededUser, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/delivery-passes', payload: body, headers: bearer(user.token) });
const scan = (code: string, gate: { key: string }) =>
  t.app.inject({ method: 'POST', url: '/api/access/qr', payload: { code }, headers: bearer(gate.key) });

describe('narrowing a pass to some gates', () => {
  it("refuses a visitor pass for a gate the resident can't open, on the field, and stores none", async () => {
    const before = (await t.app.db.select().from(qrCodes)).length;
    for (const gateIds of [[gateB.id], [gateA.id, gateB.id]]) {
      const answer = await registerAs(t, resident, { ...betweenDatesBody({ email: 'vera@example.com' }), gateIds });
      expect([answer.statusCode, answer.json().fieldErrors?.gateIds]).toEqual([400, PASS_GATE_MESSAGES.notYours]);
    }
    const none = await registerAs(t, resident, { ...betweenDatesBody({ email: 'vera@example.com' }), gateIds: [] });
    expect([none.statusCode, none.json().fieldErrors?.gateIds]).toEqual([400, PASS_GATE_MESSAGES.empty]);
    expect((await t.app.db.select().from(qrCodes)).length).toBe(before);
  });

  it("stores a visitor pass's gates, and a manager may narrow to any gate of the property", async () => {
    const mine = await registerAs(t, resident, {
      ...betweenDatesBody({ email: 'ann@example.com' }),
      gateIds: [gateA.id],
    });
    expect(mine.statusCode).toBe(200);
    const managers = await registerAs(t, manager, {
      ...betweenDatesBody({ email: 'bo@example.com' }),
      gateIds: [gateB.id],
    });
    expect(managers.statusCode).toBe(200);
    const stored = await t.app.db.select().from(qrCodes).where(eq(qrCodes.id, mine.json().qrCodeId));
    expect(stored[0].gateIds).toEqual([gateA.id]);
  });

  it('opens a narrowed delivery pass at its gate only', async () => {
    const refused = await createDelivery(resident, { company: 'Parcel Co', gateIds: [gateB.id] });
    expect([refused.statusCode, refused.json().fieldErrors?.gateIds]).toEqual([400, PASS_GATE_MESSAGES.notYours]);
    const managers = await createDelivery(manager, { company: 'Parcel Co', gateIds: [gateB.id], uses: 5 });
    expect(managers.statusCode).toBe(201);
    const { pass } = managers.json();
    expect((await scan(pass.code, gateA)).json()).toMatchObject({ granted: false, rule: 'not_allowed_at_gate' });
    expect((await scan(pass.code, gateB)).json()).toMatchObject({ granted: true });
  });
});
