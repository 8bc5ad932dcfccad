import { ACCESS_GROUP_MESSAGES } from '@core/api/access-group-messages';
import { PASS_GATE_MESSAGES } from '@core/api/pass-gates';
import { eq } from 'drizzle-orm';
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
import { betweenDatesBody, registerAs } from '../../test/support/visitor-test-support';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { deliveryPasses } from '../delivery/delivery-tables';
import { qrCodes } from '../visitors/visitor-tables';
import { accessGroups } from './property-rule-tables';

// A resident in no group that includes a gate, at a property with gates (issue 41.4): told so on
// their gate list, and refused a pass no gate would accept, in words, with nothing stored.
let t: TestApp;
const simulator = new RelaySimulator();
let propertyId: string;
let resident: SeededUser;
let manager: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2025-06-01T12:00:00Z');
  propertyId = (await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin'] })).id;
  resident = await seedUser(t.app, { role: 'resident', propertyId });
  manager = await seedUser(t.app, { role: 'admin', propertyId });
  for (const name of ['Front gate', 'Pool gate']) await seedSimulatedGate(t.app, simulator, propertyId, { name });
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const gateList = async (user: SeededUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/device/get-gate-devices', headers: bearer(user.token) })).json();
const createDelivery = (user: SeededUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/delivery-passes',
    payload: { company: 'Parcel Co' },
    headers: bearer(user.token),
  });
const passCount = async () =>
  (await t.app.db.select().from(qrCodes)).length + (await t.app.db.select().from(deliveryPasses)).length;

describe('a resident in no gate group', () => {
  it('in "All residents": sees the gates and makes passes', async () => {
    expect(await gateList(resident)).toMatchObject({ inNoGateGroup: false });
    expect((await gateList(resident)).gateDevices).toHaveLength(2);
    expect((await registerAs(t, resident, betweenDatesBody({ email: 'vera@example.com' }))).statusCode).toBe(200);
    expect((await createDelivery(resident)).statusCode).toBe(201);
  });

  it('in no group: told so, and refused a visitor or delivery pass with a sentence, nothing stored', async () => {
    await t.app.db.delete(accessGroups).where(eq(accessGroups.propertyId, propertyId));
    expect(await gateList(resident)).toEqual({ gateDevices: [], favouriteGateId: null, inNoGateGroup: true });
    expect(ACCESS_GROUP_MESSAGES.inNoGateGroup).toBe("You aren't in any gate group yet. Ask your property manager.");
    const before = await passCount();
    const visitor = await registerAs(t, resident, betweenDatesBody({ email: 'vera@example.com' }));
    expect([visitor.statusCode, visitor.json().message]).toEqual([400, PASS_GATE_MESSAGES.noGateWouldAccept]);
    const delivery = await createDelivery(resident);
    expect([delivery.statusCode, delivery.json().message]).toEqual([400, PASS_GATE_MESSAGES.noGateWouldAccept]);
    expect(await passCount()).toBe(before);
    // A manager opens every gate by their role: never in this case.
    expect(await gateList(manager)).toMatchObject({ inNoGateGroup: false });
    expect((await createDelivery(manager)).statusCode).toBe(201);
  });

  it('at a property with no gates yet: not this case (the gates are still to be set up)', async () => {
    const bare = (await seedProperty(t.app, { propertyFeatures: ['qr'] })).id;
    const newcomer = await seedUser(t.app, { role: 'resident', propertyId: bare });
    await t.app.db.delete(accessGroups).where(eq(accessGroups.propertyId, bare));
    expect(await gateList(newcomer)).toMatchObject({ gateDevices: [], inNoGateGroup: false });
  });
});
