import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveDeviceKey, pastPulseHold, seedSimulatedGate } from '../../test/support/gate-test-support';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { cards } from '../gate-credentials/card-tables';
import { gateLogs } from '../gate-log/gate-log-tables';

/** Facility 123, card 45678 as a 26-bit Wiegand frame (even parity over the first 13 bits, odd over the last 13). */
function wiegand26(facility: number, card: number) {
  const data = facility.toString(2).padStart(8, '0') + card.toString(2).padStart(16, '0');
  const ones = (bits: string) => [...bits].filter((bit) => bit === '1').length;
  const even = ones(data.slice(0, 12)) % 2 === 0 ? '0' : '1';
  const odd = ones(data.slice(12)) % 2 === 0 ? '1' : '0';
  return `${even}${data}${odd}`;
}

let t: TestApp;
const simulator = new RelaySimulator();
let manager: SeededUser;
let resident: SeededUser;
let propertyId: string;
let gate: { key: string; relayId: string; deviceId: string };
let otherGateKey: string;

beforeAll(async () => {
  t = await createTestApp();
  propertyId = (await seedProperty(t.app, { propertyFeatures: ['qr', 'rfid'] })).id;
  manager = await seedUser(t.app, { role: 'admin', propertyId });
  resident = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Rita' });
  const { relay, device } = await seedSimulatedGate(t.app, simulator, propertyId);
  gate = { key: await giveDeviceKey(t.app, device.id), relayId: relay.id, deviceId: device.id };
  const otherPropertyId = (await seedProperty(t.app, { propertyFeatures: ['rfid'] })).id;
  const other = await seedSimulatedGate(t.app, simulator, otherPropertyId);
  otherGateKey = await giveDeviceKey(t.app, other.device.id);
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

/** A tap after the hold of the last pulse: each tap that is let in pulses the gate. */
const tap = (card: string, key = gate.key) => {
  pastPulseHold(t.clock);
  return t.app.inject({ method: 'POST', url: '/api/access/card', payload: { card }, headers: bearer(key) });
};
const enrol = async (number: string, holder = resident) => {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/cards',
    payload: { userId: holder.id, number, label: 'blue fob' },
    headers: bearer(manager.token),
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().card._id as string;
};
const setEnabled = (cardId: string, enabled: boolean) =>
  t.app.inject({ method: 'PATCH', url: `/api/cards/${cardId}`, payload: { enabled }, headers: bearer(manager.token) });

describe('POST /api/access/card', () => {
  it('opens the gate for a card enrolled as 26-bit Wiegand, however the reader reports it, and logs it as a card', async () => {
    const cardId = await enrol(wiegand26(123, 45678));
    for (const reported of ['123:45678', String(123 * 65536 + 45678), wiegand26(123, 45678)]) {
      expect((await tap(reported)).json()).toEqual({
        granted: true,
        reason: 'Card accepted',
        resident: { firstName: 'Rita' },
      });
    }
    expect(simulator.pulses(gate.relayId)).toHaveLength(3);
    const logs = await t.app.db.select().from(gateLogs).where(eq(gateLogs.deviceId, gate.deviceId));
    expect(logs.map((log) => [log.status, log.credential, log.actorUserId])).toEqual(
      Array(3).fill(['success', 'card', resident.id]),
    );
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/relay-logs/property/${propertyId}`,
      headers: bearer(manager.token),
    });
    expect(shown.json().logs.map((log: { credential: string }) => log.credential)).toEqual(['card', 'card', 'card']);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/relay-logs/property/${propertyId}/export?timezone=UTC`,
      headers: bearer(manager.token),
    });
    expect(csv.body.trim().split('\r\n')[1]).toMatch(/,Card$/);
    const [card] = await t.app.db.select().from(cards).where(eq(cards.id, cardId));
    expect(card.lastUsedAt).not.toBeNull();
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/cards/property/${propertyId}`,
      headers: bearer(manager.token),
    });
    expect(listed.json().cards.find((c: { _id: string }) => c._id === cardId).lastUsedAt).toBe(
      card.lastUsedAt?.toISOString(),
    );
  });

  it('refuses a disabled card until it is enabled again, and a card of another property', async () => {
    const cardId = await enrol('04:A2:3B:1C');
    simulator.clearPulses(gate.relayId);
    await setEnabled(cardId, false);
    expect((await tap('04a23b1c')).json()).toEqual({ granted: false, reason: 'This card has been disabled' });
    await setEnabled(cardId, true);
    expect((await tap('04a23b1c')).json()).toMatchObject({ granted: true });
    // The same card at the other property's reader: not enrolled there.
    expect((await tap('04a23b1c', otherGateKey)).json()).toEqual({ granted: false, reason: 'Card not recognised' });
    expect(simulator.pulses(gate.relayId)).toHaveLength(1);
  });

  it('disables the cards of a resident moved to another property, and forgets those of a deleted one', async () => {
    const mover = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Moe' });
    await enrol('77:7777', mover);
    expect((await tap('77:7777')).json()).toMatchObject({ granted: true });
    const root = await seedUser(t.app, { role: 'superadmin' });
    const elsewhere = (await seedProperty(t.app, { propertyFeatures: ['rfid'] })).id;
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/resident/update',
      payload: { _id: mover.id, firstName: 'Moe', lastName: 'Mover', email: mover.email, propertyId: elsewhere },
      headers: bearer(root.token),
    });
    expect(moved.statusCode).toBe(200);
    expect((await tap('77:7777')).json()).toMatchObject({ granted: false });
    const [card] = await t.app.db.select().from(cards).where(eq(cards.userId, mover.id));
    expect(card.enabled).toBe(false);

    const leaver = await seedUser(t.app, { role: 'resident', propertyId });
    await enrol('88:8888', leaver);
    await t.app.inject({
      method: 'POST',
      url: '/api/resident/delete',
      payload: { _id: leaver.id },
      headers: bearer(root.token),
    });
    expect((await tap('88:8888')).json()).toEqual({ granted: false, reason: 'Card not recognised' });
  });

  it('says a number it cannot read is not a card number, and changes nothing', async () => {
    const answer = await tap('not a card');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors.card).toMatch(/not one we can read/);
  });

  it('refuses every card where the property has no RFID feature', async () => {
    const plain = (await seedProperty(t.app, { propertyFeatures: ['qr'] })).id;
    const { device } = await seedSimulatedGate(t.app, simulator, plain);
    const key = await giveDeviceKey(t.app, device.id);
    expect((await tap('1:1', key)).json()).toEqual({
      granted: false,
      reason: 'RFID cards are not enabled at this property',
    });
  });

  it('answers 429 once a reader sends 30 unrecognised cards in a minute, a burst included, to a known card too', async () => {
    const { device } = await seedSimulatedGate(t.app, simulator, propertyId);
    const key = await giveDeviceKey(t.app, device.id);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => tap(`200:${1000 + i}`, key)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(answers.find((answer) => answer.statusCode === 429)?.json().message).toBe(
      'Too many unrecognised cards. This reader is locked for 5 minutes.',
    );
    expect((await tap('123:45678', key)).statusCode).toBe(429);
    expect((await tap('123:45678')).json()).toMatchObject({ granted: true });
  });
});
