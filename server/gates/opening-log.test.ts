import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveDeviceKey, seedSimulatedGate } from '../../test/support/gate-test-support';
import { readUntil } from '../../test/support/read-until';
import { sentEmailsTo } from '../../test/support/sent-mail';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { betweenDatesBody, decodeQrAttachment, registerAs } from '../../test/support/visitor-test-support';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { gateLogs } from '../gate-log/gate-log-tables';
import { assignResidentPin } from '../people/resident-pin';
import { openingsInFlight } from './gate-tables';

// An opening is in the log before its relay is asked (a crash mid-pulse still leaves a row), and a normal one
// still ends as exactly one row with the relay's final status, whichever way the gate was opened.
let t: TestApp;
const simulator = new RelaySimulator();
let propertyId: string;
let manager: SeededUser;
let resident: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2025-06-01T12:00:00Z');
  propertyId = (await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin', 'rfid'] })).id;
  manager = await seedUser(t.app, { role: 'admin', propertyId });
  resident = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Rita' });
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

async function seedGate() {
  const { relay, device } = await seedSimulatedGate(t.app, simulator, propertyId);
  return { relayId: relay.id, deviceId: device.id, key: await giveDeviceKey(t.app, device.id) };
}

const pressOpen = (deviceId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/device/trigger-relay',
    payload: { deviceId, propertyId },
    headers: bearer(resident.token),
  });

const propertyLogs = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/relay-logs/property/${propertyId}?timezone=UTC`,
      headers: bearer(manager.token),
    })
  ).json().logs as { _id: string; status: string; credential: string; deviceDetails: { deviceName: string } }[];

const rowsOfGate = (deviceId: string) => t.app.db.select().from(gateLogs).where(eq(gateLogs.deviceId, deviceId));

describe('the gate log of an opening', () => {
  it('shows a remote opening while its relay answers, then completes that one row', async () => {
    const gate = await seedGate();
    await simulator.setFault(gate.relayId, 'slow', 1500);
    const before = (await propertyLogs()).length;
    const press = pressOpen(gate.deviceId);
    const seen = await readUntil(propertyLogs, (logs) => logs.length > before, 5000);
    expect(seen[0]).toMatchObject({ status: 'pending', credential: 'remote' });

    expect((await press).json().status).toBe('success');
    const after = await propertyLogs();
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({
      _id: seen[0]._id,
      status: 'success',
      reason: null,
      relayOperations: [{ success: true }],
    });
  });

  it('leaves exactly one row with the final status for each way a gate opens', async () => {
    const [remote, qr, pin, card, delivery] = await Promise.all([1, 2, 3, 4, 5].map(seedGate));
    const visitorEmail = 'vera.opening@example.com';
    await registerAs(t, resident, betweenDatesBody({ email: visitorEmail }));
    const qrCode = decodeQrAttachment((await sentEmailsTo(t.app, visitorEmail))[0]);
    const securePin = await assignResidentPin(t.app.db, t.app.config.secret, { userId: resident.id, propertyId });
    const enrolled = await t.app.inject({
      method: 'POST',
      url: '/api/cards',
      payload: { userId: resident.id, number: '77:12345', label: 'blue fob' },
      headers: bearer(manager.token),
    });
    expect(enrolled.statusCode).toBe(201);
    t.clock.set('2025-06-02T13:00:00Z'); // 09:00 in New York, inside the visitor's window
    const pass = (
      await t.app.inject({
        method: 'POST',
        url: '/api/delivery-passes',
        payload: { company: 'Parcel Co' },
        headers: bearer(resident.token),
      })
    ).json().pass;
    const reader = (gate: { key: string }, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: bearer(gate.key) });

    expect((await pressOpen(remote.deviceId)).json().status).toBe('success');
    expect((await reader(qr, '/api/access/qr', { code: qrCode })).json().granted).toBe(true);
    expect((await reader(pin, '/api/access/pin', { pin: securePin })).json().granted).toBe(true);
    expect((await reader(card, '/api/access/card', { card: '77:12345' })).json().granted).toBe(true);
    expect((await reader(delivery, '/api/access/qr', { code: pass.code })).json().granted).toBe(true);

    const opened = [
      [remote, 'remote'],
      [qr, 'qr'],
      [pin, 'pin'],
      [card, 'card'],
      [delivery, 'qr'],
    ] as const;
    for (const [gate, credential] of opened) {
      const rows = await rowsOfGate(gate.deviceId);
      expect(rows.map((row) => [row.status, row.credential, row.relayOperations.map((op) => op.success)])).toEqual([
        ['success', credential, [true]],
      ]);
      expect(simulator.pulses(gate.relayId)).toHaveLength(1);
    }
    expect(await t.app.db.select().from(openingsInFlight)).toEqual([]);
  });

  it('ends as one failed row when the relay fails', async () => {
    const gate = await seedGate();
    await simulator.setFault(gate.relayId, 'error');
    expect((await pressOpen(gate.deviceId)).statusCode).toBe(502);
    const rows = await rowsOfGate(gate.deviceId);
    expect(rows.map((row) => [row.status, row.credential])).toEqual([['failed', 'remote']]);
    expect(rows[0].reason).toMatch(/HTTP 500/);
  });
});
