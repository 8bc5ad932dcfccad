import type { ListedDeviceDto, PropertyDevicesDto } from '@core/api/devices';
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
import { DEVICE_KEY_REQUIRED, UNKNOWN_DEVICE_KEY } from '../authorization/route-permissions';
import { READER_OFFLINE_AFTER_MS, SEEN_WRITE_EVERY_MS } from './health-rule';

let t: TestApp;
let superadmin: SeededUser;
let propertyId: string;
const simulator = new RelaySimulator();

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await seedUser(t.app, { role: 'superadmin' });
  propertyId = (await seedProperty(t.app)).id;
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

async function newGate() {
  const { device, relay } = await seedSimulatedGate(t.app, simulator, propertyId, { name: `Gate ${Math.random()}` });
  return { deviceId: device.id, relayId: relay.id, key: await giveDeviceKey(t.app, device.id) };
}

const heartbeat = (headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url: '/api/devices/heartbeat', headers, ...(payload ? { payload } : {}) });

async function listed(deviceId: string): Promise<ListedDeviceDto> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/device/get-all?property=${propertyId}`,
    headers: bearer(superadmin.token),
  });
  const device = (answer.json() as PropertyDevicesDto[])[0].devices.find((d) => d._id === deviceId);
  if (!device) throw new Error('device not listed');
  return device;
}

const openGate = (deviceId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/device/trigger-relay',
    headers: bearer(superadmin.token),
    payload: { deviceId, propertyId },
  });

describe('POST /api/devices/heartbeat', () => {
  it('answers 204 and shows the device online, last seen now', async () => {
    const gate = await newGate();
    expect(await listed(gate.deviceId)).toMatchObject({ online: null, lastSeenAt: null });
    const answer = await heartbeat(bearer(gate.key));
    expect(answer.body).toBe('');
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    expect(await listed(gate.deviceId)).toMatchObject({ online: true, lastSeenAt: t.clock.now().toISOString() });
    const gates = await t.app.inject({
      method: 'GET',
      url: '/api/device/get-gate-devices',
      headers: bearer(superadmin.token),
    });
    expect(gates.json().gateDevices.find((g: { id: string }) => g.id === gate.deviceId)).toMatchObject({
      online: true,
      lastSeenAt: t.clock.now().toISOString(),
    });
  });

  it('takes an empty object as body too', async () => {
    const gate = await newGate();
    expect((await heartbeat(bearer(gate.key), {})).statusCode).toBe(204);
  });

  it('refuses a missing, wrong, rotated or deleted key and records nothing for it', async () => {
    const gate = await newGate();
    const missing = await heartbeat({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(DEVICE_KEY_REQUIRED);
    const wrong = await heartbeat(bearer('not-a-device-key'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(UNKNOWN_DEVICE_KEY);

    expect((await heartbeat(bearer(gate.key))).statusCode).toBe(204);
    const seenAt = (await listed(gate.deviceId)).lastSeenAt;
    t.clock.advance(SEEN_WRITE_EVERY_MS + 1000);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/device/${gate.deviceId}/rotate-key`,
      headers: bearer(superadmin.token),
    });
    const old = await heartbeat(bearer(gate.key));
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(UNKNOWN_DEVICE_KEY);
    expect((await listed(gate.deviceId)).lastSeenAt).toBe(seenAt);
    expect((await heartbeat(bearer(rotated.json().deviceKey))).statusCode).toBe(204);
    expect((await listed(gate.deviceId)).lastSeenAt).toBe(t.clock.now().toISOString());

    await t.app.inject({ method: 'DELETE', url: `/api/device/${gate.deviceId}`, headers: bearer(superadmin.token) });
    expect((await heartbeat(bearer(rotated.json().deviceKey))).statusCode).toBe(401);
  });

  it('refuses a body with fields in a sentence, and records nothing', async () => {
    const gate = await newGate();
    const answer = await heartbeat(bearer(gate.key), { battery: 80 });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/battery/);
    expect(await listed(gate.deviceId)).toMatchObject({ online: null, lastSeenAt: null });
  });

  it('writes last seen at most once per window, then again once the window has passed', async () => {
    const gate = await newGate();
    await heartbeat(bearer(gate.key));
    const first = t.clock.now().toISOString();
    t.clock.advance(SEEN_WRITE_EVERY_MS - 1000);
    expect((await heartbeat(bearer(gate.key))).statusCode).toBe(204);
    expect((await listed(gate.deviceId)).lastSeenAt).toBe(first);
    t.clock.advance(1000);
    await heartbeat(bearer(gate.key));
    expect((await listed(gate.deviceId)).lastSeenAt).toBe(t.clock.now().toISOString());
  });

  it('a burst of heartbeats from one reader writes last seen once', async () => {
    const gate = await newGate();
    await heartbeat(bearer(gate.key));
    const first = t.clock.now().toISOString();
    t.clock.advance(SEEN_WRITE_EVERY_MS);
    const burstAt = t.clock.now().toISOString();
    const answers = await Promise.all(Array.from({ length: 10 }, () => heartbeat(bearer(gate.key))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(204));
    expect(burstAt).not.toBe(first);
    expect((await listed(gate.deviceId)).lastSeenAt).toBe(burstAt);
  });

  it('shows the device offline once its reader has been silent for 90 seconds', async () => {
    const gate = await newGate();
    await heartbeat(bearer(gate.key));
    const seenAt = t.clock.now().toISOString();
    t.clock.advance(READER_OFFLINE_AFTER_MS);
    expect(await listed(gate.deviceId)).toMatchObject({ online: true, lastSeenAt: seenAt });
    t.clock.advance(1000);
    expect(await listed(gate.deviceId)).toMatchObject({
      online: false,
      lastSeenAt: seenAt,
      offline: { cause: 'reader', since: new Date(Date.parse(seenAt) + READER_OFFLINE_AFTER_MS).toISOString() },
    });
  });
});

describe('relay health', () => {
  it('counts a relay seen when it answered a pulse, and offline when its last pulse failed', async () => {
    const gate = await newGate();
    expect((await openGate(gate.deviceId)).statusCode).toBe(200);
    const answeredAt = t.clock.now().toISOString();
    expect(await listed(gate.deviceId)).toMatchObject({ online: true, lastSeenAt: answeredAt });

    await simulator.setFault(gate.relayId, 'down');
    t.clock.advance(5000);
    expect((await openGate(gate.deviceId)).statusCode).toBe(502);
    expect(await listed(gate.deviceId)).toMatchObject({
      online: false,
      lastSeenAt: answeredAt,
      offline: { cause: 'relay', since: t.clock.now().toISOString() },
    });

    await simulator.setFault(gate.relayId, 'none');
    t.clock.advance(5000);
    expect((await openGate(gate.deviceId)).statusCode).toBe(200);
    expect(await listed(gate.deviceId)).toMatchObject({ online: true, lastSeenAt: t.clock.now().toISOString() });
  });

  it('a reader heartbeat does not hide a relay that failed its last pulse', async () => {
    const gate = await newGate();
    await simulator.setFault(gate.relayId, 'down');
    expect((await openGate(gate.deviceId)).statusCode).toBe(502);
    await heartbeat(bearer(gate.key));
    expect(await listed(gate.deviceId)).toMatchObject({ online: false, lastSeenAt: t.clock.now().toISOString() });
  });
});
