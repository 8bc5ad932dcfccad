import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { UNKNOWN_DEVICE_KEY } from '../authorization/route-permissions';
import { devices } from '../device-records/device-tables';
import { gateLogs } from '../gate-log/gate-log-tables';
import { randomToken, sha256Hex } from '../platform/crypto/keys';

// The QR route trusts a cache of known device keys before reading the body; these pin down that
// a rotated or deleted key stops working at once, whether this process or another one changed it.
let t: TestApp;
let superadmin: SeededUser;
let propertyId: string;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await seedUser(t.app, { role: 'superadmin' });
  propertyId = (await seedProperty(t.app)).id;
});
afterAll(() => t.close());

async function registerGate() {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/device/register',
    headers: bearer(superadmin.token),
    payload: { deviceName: 'Gate', deviceType: 'gate', deviceIpAddress: '127.0.0.1:9', propertyId },
  });
  return answer.json() as { _id: string; deviceKey: string };
}

const scan = (key: string, payload: object = { code: 'no-such-code' }) =>
  t.app.inject({ method: 'POST', url: '/api/access/qr', payload, headers: bearer(key) });

/** Scans twice with the key, so it is known to this process before the change. */
async function warmUp(key: string) {
  for (let i = 0; i < 2; i++) expect((await scan(key)).statusCode).toBe(200);
}

const logsOf = async (deviceId: string) =>
  (await t.app.db.select({ n: count() }).from(gateLogs).where(eq(gateLogs.deviceId, deviceId)))[0].n;

function expectUnknownKey(answer: Awaited<ReturnType<typeof scan>>) {
  expect(answer.statusCode).toBe(401);
  expect(answer.json().message).toBe(UNKNOWN_DEVICE_KEY);
}

describe('device keys on POST /api/access/qr', () => {
  it('refuses a rotated key right after rotation, before reading the body', async () => {
    const gate = await registerGate();
    await warmUp(gate.deviceKey);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/device/${gate._id}/rotate-key`,
      headers: bearer(superadmin.token),
    });
    expectUnknownKey(await scan(gate.deviceKey, {}));
    expectUnknownKey(await scan(gate.deviceKey));
    expect((await scan(rotated.json().deviceKey)).statusCode).toBe(200);
  });

  it('refuses the key of a deleted device right after deletion, before reading the body', async () => {
    const gate = await registerGate();
    await warmUp(gate.deviceKey);
    await t.app.inject({ method: 'DELETE', url: `/api/device/${gate._id}`, headers: bearer(superadmin.token) });
    expectUnknownKey(await scan(gate.deviceKey, {}));
    expectUnknownKey(await scan(gate.deviceKey));
  });

  it('refuses a key another process rotated, and logs nothing for it', async () => {
    const gate = await registerGate();
    await warmUp(gate.deviceKey);
    const logged = await logsOf(gate._id);
    await t.app.db
      .update(devices)
      .set({ deviceKeyHash: sha256Hex(randomToken()) })
      .where(eq(devices.id, gate._id));
    expectUnknownKey(await scan(gate.deviceKey));
    expect(await logsOf(gate._id)).toBe(logged);
  });

  it('refuses the key of a device another process deleted', async () => {
    const gate = await registerGate();
    await warmUp(gate.deviceKey);
    await t.app.db.delete(devices).where(eq(devices.id, gate._id));
    expectUnknownKey(await scan(gate.deviceKey));
  });

  it('answers from the device as it is now, not as it was when its key was first seen', async () => {
    const gate = await registerGate();
    await warmUp(gate.deviceKey);
    await t.app.db.update(devices).set({ deviceName: 'Renamed Gate' }).where(eq(devices.id, gate._id));
    await scan(gate.deviceKey);
    const rows = await t.app.db
      .select({ deviceDetails: gateLogs.deviceDetails })
      .from(gateLogs)
      .where(eq(gateLogs.deviceId, gate._id));
    const names = rows.map((row) => row.deviceDetails?.deviceName);
    expect(names).toContain('Renamed Gate');
  });
});
