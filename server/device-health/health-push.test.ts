import { afterAll, beforeAll, expect, it } from 'vitest';
import { giveDeviceKey, seedSimulatedGate } from '../../test/support/gate-test-support';
import { PushService, type PushServiceSubscription } from '../../test/support/push-service';
import { readUntil } from '../../test/support/read-until';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { OFFLINE_NOTICE_AFTER_MS, READER_OFFLINE_AFTER_MS } from './health-rule';
import { sweepDeviceHealth } from './health-sweep';

// A gate going offline and coming back, pushed to its property's managers' devices (a real push service).
let t: TestApp;
let pushService: PushService;
const simulator = new RelaySimulator();
let propertyId: string;

beforeAll(async () => {
  [t, pushService] = await Promise.all([createTestApp(), PushService.start()]);
  t.clock.set('2026-03-02T15:00:00Z');
  propertyId = (await seedProperty(t.app, { propertyName: 'Elm Court' })).id;
});
afterAll(async () => {
  await pushService?.stop();
  await simulator.close();
  await t?.close();
});

async function subscribed(user: SeededUser): Promise<PushServiceSubscription> {
  const { publicKey } = (
    await t.app.inject({ method: 'GET', url: '/api/push/public-key', headers: bearer(user.token) })
  ).json();
  const subscription = await pushService.subscribe(publicKey);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: bearer(user.token),
    payload: { endpoint: subscription.endpoint, keys: subscription.keys },
  });
  expect(created.statusCode).toBe(201);
  return subscription;
}

const bodies = async (device: PushServiceSubscription) =>
  (await pushService.messages(device.clientHash)).map((message) => JSON.parse(message));

it("pushes 'offline' and 'back online' to the managers' devices only", async () => {
  const manager = await subscribed(await seedUser(t.app, { role: 'admin', propertyId }));
  const resident = await subscribed(await seedUser(t.app, { role: 'resident', propertyId }));
  const elsewhere = await seedProperty(t.app, { propertyName: 'Birch Hill' });
  const otherManager = await subscribed(await seedUser(t.app, { role: 'admin', propertyId: elsewhere.id }));
  const { device } = await seedSimulatedGate(t.app, simulator, propertyId, { name: 'North Gate' });
  const key = await giveDeviceKey(t.app, device.id);
  expect((await t.app.inject({ method: 'POST', url: '/api/devices/heartbeat', headers: bearer(key) })).statusCode).toBe(
    204,
  );

  t.clock.advance(READER_OFFLINE_AFTER_MS + OFFLINE_NOTICE_AFTER_MS + 1000);
  await sweepDeviceHealth(t.app);
  await t.app.jobs.kick();
  expect(
    await readUntil(
      () => bodies(manager),
      (m) => m.length > 0,
      5_000,
      50,
    ),
  ).toEqual([{ body: 'North Gate at Elm Court is offline', url: '/dashboard' }]);

  await t.app.inject({ method: 'POST', url: '/api/devices/heartbeat', headers: bearer(key) });
  await sweepDeviceHealth(t.app);
  await t.app.jobs.kick();
  expect(
    (
      await readUntil(
        () => bodies(manager),
        (m) => m.length > 1,
        5_000,
        50,
      )
    ).map((m) => m.body),
  ).toEqual(['North Gate at Elm Court is offline', 'North Gate at Elm Court is back online']);
  expect(await bodies(resident)).toEqual([]);
  expect(await bodies(otherManager)).toEqual([]);
});
