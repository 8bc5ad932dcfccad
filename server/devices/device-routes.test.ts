import { DEVICE_MESSAGES } from '@core/api/devices';
import { gateFailedSentence } from '@core/api/gate-failures';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_DEVICE_ADDRESSES, asDeviceAddress } from '../../test/guard-rails/breaking-values';
import { bearer, createTestApp, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { devices } from '../device-records/device-tables';
import { gateLogs } from '../gate-log/gate-log-tables';
import { sha256Hex } from '../platform/crypto/keys';

let t: TestApp;
const simulator = new RelaySimulator();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

describe('POST /api/device/register', () => {
  it('creates the device with the Shelly defaults and shows its key once', async () => {
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const property = await seedProperty(t.app);
    const answer = await call('POST', '/api/device/register', superadmin.token, {
      deviceName: 'Main Gate',
      deviceLabel: 'North',
      deviceType: 'gate',
      deviceIpAddress: '192.168.1.20:8080',
      propertyId: property.id,
      credentials: { username: 'admin', password: 'relay-secret' },
    });
    expect(answer.statusCode).toBe(201);
    const device = answer.json();
    expect(device).toMatchObject({
      deviceName: 'Main Gate',
      deviceLabel: 'North',
      deviceType: 'gate',
      deviceIpAddress: '192.168.1.20:8080',
      propertyId: property.id,
      driver: 'shelly-gen1',
      channel: 0,
      pulseSeconds: 1,
      hasCredentials: true,
    });
    expect(device.deviceKey).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(answer.body).not.toContain('relay-secret');
    const [row] = await t.app.db.select().from(devices).where(eq(devices.id, device._id));
    expect(row.credentialsEncrypted).not.toContain('relay-secret');
    expect(row.deviceKeyHash).not.toBe(device.deviceKey);
    const list = await call('GET', '/api/device/get-all', superadmin.token);
    expect(list.body).not.toContain(device.deviceKey);
    expect(list.body).not.toContain('relay-secret');
  });
});

describe('POST /api/device/trigger-relay', () => {
  it('opens a gate of the resident own property and logs it as the resident', async () => {
    const property = await seedProperty(t.app);
    const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Rita' });
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
    const device = (
      await call('POST', '/api/device/register', superadmin.token, {
        deviceName: 'Side Gate',
        deviceType: 'gate',
        deviceIpAddress: relay.address,
        propertyId: property.id,
      })
    ).json();
    const answer = await call('POST', '/api/device/trigger-relay', resident.token, {
      deviceId: device._id,
      propertyId: property.id,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'success', message: 'Gate opened successfully!' });
    expect(simulator.pulses(relay.id)).toHaveLength(1);
    const [log] = await t.app.db.select().from(gateLogs).where(eq(gateLogs.deviceId, device._id));
    expect(log).toMatchObject({ callerType: 'user', actorUserId: resident.id, status: 'success' });
  });
});

describe('device validation messages (docs/SPEC.md §5)', () => {
  it.each([
    [{ deviceName: '' }, 'deviceName', 'Device Name is required'],
    [{ deviceType: '' }, 'deviceType', 'Device Type is required'],
    [{ deviceIpAddress: '' }, 'deviceIpAddress', 'Device IP Address is required'],
    [{ propertyId: '' }, 'propertyId', 'Property is required'],
    [{ deviceIpAddress: 'http://evil.example/x' }, 'deviceIpAddress', 'Device IP Address must be a host name'],
  ])('register with %o answers 400 on %s: %s', async (patch, field, message) => {
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const property = await seedProperty(t.app);
    const before = await t.app.db.select().from(devices);
    const answer = await call('POST', '/api/device/register', superadmin.token, {
      deviceName: 'Gate',
      deviceType: 'gate',
      deviceIpAddress: '10.0.0.9',
      propertyId: property.id,
      ...patch,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(message);
    expect(answer.json().fieldErrors[field]).toContain(message);
    expect(await t.app.db.select().from(devices)).toHaveLength(before.length);
  });

  it('edit answers 400 Please fill out all required fields before saving. for a blank name', async () => {
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const property = await seedProperty(t.app);
    const device = await registerGate(superadmin.token, property.id, '10.0.0.10');
    const answer = await call('PUT', `/api/device/${device._id}`, superadmin.token, {
      deviceName: '',
      deviceType: 'gate',
      deviceIpAddress: '10.0.0.10',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: 'Please fill out all required fields before saving.',
      fieldErrors: { deviceName: 'Please fill out all required fields before saving.' },
      requestId: expect.any(String),
    });
  });
});

async function registerGate(token: string, propertyId: string, deviceIpAddress: string, deviceName = 'Gate') {
  const answer = await call('POST', '/api/device/register', token, {
    deviceName,
    deviceType: 'gate',
    deviceIpAddress,
    propertyId,
  });
  expect(answer.statusCode).toBe(201);
  return answer.json();
}

describe('managing devices', () => {
  it('updates, rotates the key of and deletes a device; admins cannot', async () => {
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const property = await seedProperty(t.app);
    const admin = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const device = await registerGate(superadmin.token, property.id, '10.0.0.11');

    const edit = { deviceName: 'Renamed', deviceLabel: 'East', deviceType: 'gate', deviceIpAddress: '10.0.0.12:8080' };
    expect((await call('PUT', `/api/device/${device._id}`, admin.token, edit)).statusCode).toBe(403);
    const updated = await call('PUT', `/api/device/${device._id}`, superadmin.token, edit);
    expect(updated.json()).toMatchObject(edit);

    const rotated = await call('POST', `/api/device/${device._id}/rotate-key`, superadmin.token);
    expect(rotated.json().deviceKey).not.toBe(device.deviceKey);
    const [row] = await t.app.db.select().from(devices).where(eq(devices.id, device._id));
    expect(row.deviceKeyHash).toBe(sha256Hex(rotated.json().deviceKey));

    expect((await call('DELETE', `/api/device/${device._id}`, superadmin.token)).json()).toEqual({
      message: 'Device deleted successfully',
    });
    expect((await call('DELETE', `/api/device/${device._id}`, superadmin.token)).statusCode).toBe(404);
  });

  it('refuses local and metadata addresses in any spelling on register and update, and keeps LAN addresses', async () => {
    const strict = await createTestApp({ allowLocalDevices: false });
    try {
      const superadmin = await seedUser(strict.app, { role: 'superadmin' });
      const property = await seedProperty(strict.app);
      const register = (deviceIpAddress: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/device/register',
          headers: bearer(superadmin.token),
          payload: { deviceName: 'Gate', deviceType: 'gate', deviceIpAddress, propertyId: property.id },
        });
      const lan = await register('192.168.1.20');
      expect(lan.statusCode).toBe(201);
      const update = (deviceIpAddress: string) =>
        strict.app.inject({
          method: 'PUT',
          url: `/api/device/${lan.json()._id}`,
          headers: bearer(superadmin.token),
          payload: { deviceName: 'Gate', deviceType: 'gate', deviceIpAddress },
        });
      const refusal = {
        message: DEVICE_MESSAGES.localAddressRefused,
        fieldErrors: { deviceIpAddress: DEVICE_MESSAGES.localAddressRefused },
        requestId: expect.any(String),
      };
      for (const deviceIpAddress of [
        '127.0.0.1:8080',
        '[::ffff:7f00:1]',
        '[0000::1]:80',
        '[::ffff:a9fe:a9fe]',
        '127.1',
      ]) {
        for (const answer of [await register(deviceIpAddress), await update(deviceIpAddress)]) {
          expect(answer.statusCode, deviceIpAddress).toBe(400);
          expect(answer.json()).toEqual(refusal);
        }
      }
      for (const address of ALLOWED_DEVICE_ADDRESSES) {
        expect((await register(asDeviceAddress(address))).statusCode, address).toBe(201);
        expect((await update(asDeviceAddress(address))).statusCode, address).toBe(200);
      }
      const [row] = await strict.app.db.select().from(devices).where(eq(devices.id, lan.json()._id));
      expect(row.deviceIpAddress).toBe(asDeviceAddress(ALLOWED_DEVICE_ADDRESSES.at(-1) as string));
    } finally {
      await strict.close();
    }
  });

  it('takes local addresses when ALLOW_LOCAL_DEVICES is set (the relay simulator, the demo)', async () => {
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const property = await seedProperty(t.app);
    const answer = await call('POST', '/api/device/register', superadmin.token, {
      deviceName: 'Simulated gate',
      deviceType: 'gate',
      deviceIpAddress: '[::ffff:7f00:1]:8080',
      propertyId: property.id,
    });
    expect(answer.statusCode).toBe(201);
  });
});

describe('tenancy of gates', () => {
  it('lists only the caller property gates, and hides other properties gates with 404', async () => {
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const own = await seedProperty(t.app);
    const other = await seedProperty(t.app);
    const resident = await seedUser(t.app, { role: 'resident', propertyId: own.id });
    const admin = await seedUser(t.app, { role: 'admin', propertyId: own.id });
    const ownGate = await registerGate(superadmin.token, own.id, '10.0.1.1', 'Own gate');
    const otherGate = await registerGate(superadmin.token, other.id, '10.0.1.2', 'Other gate');

    const gates = (await call('GET', '/api/device/get-gate-devices', resident.token)).json().gateDevices;
    expect(gates).toEqual([
      {
        id: ownGate._id,
        deviceName: 'Own gate',
        deviceLabel: null,
        deviceType: 'gate',
        propertyId: own.id,
        online: null,
        lastSeenAt: null,
        offline: null,
        // "All residents" gives every resident every gate, always.
        allowedNow: true,
        opensAt: null,
        heldOpen: false,
        heldOpenUntil: null,
        timeZone: expect.any(String),
      },
    ]);
    const listed = (await call('GET', '/api/device/get-all', admin.token)).json();
    expect(listed.map((p: { _id: string }) => p._id)).toEqual([own.id]);
    expect((await call('GET', '/api/device/get-all', resident.token)).statusCode).toBe(403);

    for (const token of [resident.token, admin.token]) {
      const answer = await call('POST', '/api/device/trigger-relay', token, {
        deviceId: otherGate._id,
        propertyId: other.id,
      });
      expect(answer.statusCode).toBe(404);
    }
    const mismatched = await call('POST', '/api/device/trigger-relay', superadmin.token, {
      deviceId: otherGate._id,
      propertyId: own.id,
    });
    expect(mismatched.statusCode).toBe(404);
  });

  it('answers 502 with what happened in words, logs the technical reason, and shows the gate offline at once', async () => {
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const property = await seedProperty(t.app);
    const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
    await simulator.setFault(relay.id, 'down');
    const device = await registerGate(superadmin.token, property.id, relay.address, 'Main Gate');
    const answer = await call('POST', '/api/device/trigger-relay', superadmin.token, {
      deviceId: device._id,
      propertyId: property.id,
    });
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toMatchObject({
      status: 'failed',
      relayOperations: [{ success: false }],
      failure: 'no-answer',
      message: "Main Gate isn't answering. It may be without power or network.",
    });
    const [log] = await t.app.db.select().from(gateLogs).where(eq(gateLogs.deviceId, device._id));
    expect(log.status).toBe('failed');
    expect(log.reason).toMatch(/^the relay could not be reached/);
    const gates = await call('GET', '/api/device/get-gate-devices', superadmin.token);
    expect(gates.json().gateDevices.find((gate: { id: string }) => gate.id === device._id)).toMatchObject({
      online: false,
    });
  });

  it('says in words when the relay refused the credentials or answered with an error', async () => {
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const property = await seedProperty(t.app);
    const cases = [
      { fault: 'auth', failure: 'credentials-refused', words: /^Back Gate refused the user name and password/ },
      { fault: 'error', failure: 'error-answer', words: /^Back Gate answered with an error and did not open\./ },
    ] as const;
    for (const { fault, failure, words } of cases) {
      const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
      await simulator.setFault(relay.id, fault);
      const device = await registerGate(superadmin.token, property.id, relay.address, 'Back Gate');
      const answer = await call('POST', '/api/device/trigger-relay', superadmin.token, {
        deviceId: device._id,
        propertyId: property.id,
      });
      expect(answer.statusCode).toBe(502);
      expect(answer.json()).toMatchObject({ failure, message: expect.stringMatching(words) });
      expect(answer.json().message).toBe(gateFailedSentence('Back Gate', failure));
    }
  });
});
