import net from 'node:net';
import { PUSH_MESSAGES } from '@core/api/push-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneCall, subscribeDevice } from '../../test/support/push-devices';
import { PushService } from '../../test/support/push-service';
import { readUntil } from '../../test/support/read-until';
import { createTestApp, type SeededUser, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { devices } from '../device-records/device-tables';
import { assignResidentPin } from '../people/resident-pin';
import { randomToken, sha256Hex } from '../platform/crypto/keys';
import { jobs } from '../platform/jobs/job-tables';
import { LIMITS } from '../platform/limits/limit-rules';
import { KeypadLockout } from '../reader/keypad-lockout';
import { pushSubscriptions } from './push-tables';

// The push events of docs/decisions/0054 against a real push service process, which checks the
// VAPID signature and decrypts each message as a browser vendor's service would.
let t: TestApp;
let pushService: PushService;
let manager: SeededUser;
let property: { id: string };
let brokenGate: string;

/** A port where nothing listens: a relay there never answers, so the gate does not open. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  [t, pushService] = await Promise.all([createTestApp(), PushService.start()]);
  property = await seedProperty(t.app, { propertyName: 'Oak Ridge', propertyFeatures: ['qr', 'securepin'] });
  manager = await seedUser(t.app, { role: 'admin', propertyId: property.id, firstName: 'Mara' });
  const [row] = await t.app.db
    .insert(devices)
    .values({
      propertyId: property.id,
      deviceName: 'Side Gate',
      deviceIpAddress: `127.0.0.1:${await closedPort()}`,
      deviceKeyHash: sha256Hex(randomToken()),
    })
    .returning();
  brokenGate = row.id;
});
afterAll(async () => {
  await pushService?.stop();
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: SeededUser, payload?: object) =>
  phoneCall(t.app, method, url, user.token, payload);

const bodiesOf = (clientHash: string) =>
  readUntil(
    () => pushService.messages(clientHash),
    (m) => m.length > 0,
    5_000,
    50,
  ).then((messages) => messages.map((message) => JSON.parse(message)));

const switches = (user: SeededUser, values: object) =>
  call('POST', `/api/resident/update-preferences/${user.id}`, user, { email: false, sms: false, ...values });

describe('a gate you opened that did not open', () => {
  it("pushes '<gate> did not open' to the person who pressed, opening the gates screen", async () => {
    const device = await subscribeDevice(t.app, pushService, manager);
    const pressed = await call('POST', '/api/device/trigger-relay', manager, {
      deviceId: brokenGate,
      propertyId: property.id,
    });
    expect(pressed.statusCode).toBe(502);
    expect(await bodiesOf(device.clientHash)).toEqual([
      { body: PUSH_MESSAGES.gateFailed('Side Gate'), url: '/access-gates' },
    ]);
    expect(PUSH_MESSAGES.gateFailed('Side Gate')).toBe(
      'Side Gate did not open when you pressed Open. Please try again.',
    );
    await call('DELETE', `/api/push/subscriptions/${device.id}`, manager);
  });

  it('queues nothing while its own switch is off, though push is on', async () => {
    const device = await subscribeDevice(t.app, pushService, manager);
    const off = await switches(manager, { pushGateFailed: false });
    expect(off.json().preferences).toMatchObject({ push: true, pushGateFailed: false });
    await call('POST', '/api/device/trigger-relay', manager, { deviceId: brokenGate, propertyId: property.id });
    const queued = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'push-notice'));
    expect(queued.filter((job) => JSON.stringify(job.payload).includes(device.id))).toHaveLength(0);
    await switches(manager, { pushGateFailed: true });
    await call('DELETE', `/api/push/subscriptions/${device.id}`, manager);
  });
});

describe('a keypad locking', () => {
  it("pushes to the property's managers that the keypad is locked", async () => {
    const device = await subscribeDevice(t.app, pushService, manager);
    const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id });
    const pin = await assignResidentPin(t.app.db, t.app.config.secret, {
      userId: resident.id,
      propertyId: property.id,
    });
    const wrong = pin === '482913' ? '482914' : '482913';
    const lockout = new KeypadLockout(t.app);
    const keypad = { id: brokenGate, propertyId: property.id };
    for (let n = 1; n <= LIMITS.keypadFailures.max; n++) await lockout.wrongPin(await lockout.enter(keypad, wrong));
    expect(await bodiesOf(device.clientHash)).toEqual([
      { body: 'The keypad at Side Gate (Oak Ridge) is locked after too many wrong PINs', url: '/gate-logs' },
    ]);
    await call('DELETE', `/api/push/subscriptions/${device.id}`, manager);
  });
});

describe('a lockdown', () => {
  const lockdownUrl = () => `/api/properties/${property.id}/lockdown`;

  it('pushes its start and its end to the managers, opening the gates screen', async () => {
    const device = await subscribeDevice(t.app, pushService, manager);
    const started = await call('POST', lockdownUrl(), manager, { reason: 'Police request' });
    expect(started.statusCode).toBe(201);
    expect(await bodiesOf(device.clientHash)).toEqual([
      { body: 'Lockdown started at Oak Ridge: Police request', url: '/access-gates' },
    ]);
    expect((await call('DELETE', lockdownUrl(), manager)).statusCode).toBe(200);
    const both = await readUntil(
      () => pushService.messages(device.clientHash),
      (m) => m.length > 1,
      5_000,
      50,
    );
    expect(JSON.parse(both[1])).toEqual({
      body: 'Lockdown ended at Oak Ridge. The gates open as usual again.',
      url: '/access-gates',
    });
    await call('DELETE', `/api/push/subscriptions/${device.id}`, manager);
  });

  it('deletes the subscription when the push service answers 410 Gone', async () => {
    const device = await subscribeDevice(t.app, pushService, manager);
    await pushService.expire(device.clientHash);
    expect((await call('POST', lockdownUrl(), manager, { reason: 'Drill' })).statusCode).toBe(201);
    const left = await readUntil(
      () => t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id)),
      (rows) => rows.length === 0,
      5_000,
      50,
    );
    expect(left).toHaveLength(0);
    await call('DELETE', lockdownUrl(), manager);
  });
});
