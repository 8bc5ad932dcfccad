import net from 'node:net';
import { PassThrough } from 'node:stream';
import { PUSH_MESSAGES } from '@core/api/push-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneCall, subscribeDevice as subscribeTestDevice } from '../../test/support/push-devices';
import { PushService } from '../../test/support/push-service';
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
import { users } from '../accounts/account-tables';
import { devices } from '../device-records/device-tables';
import { randomToken, sha256Hex } from '../platform/crypto/keys';
import { jobs } from '../platform/jobs/job-tables';
import { pushSubscriptions } from './push-tables';

// Web Push end to end against a real push service process: the VAPID signature is checked and the
// payload decrypted there, exactly as a browser vendor's service would.
let t: TestApp;
let pushService: PushService;
let simulator: RelaySimulator;
let resident: SeededUser;
let neighbour: SeededUser;
let gate: { id: string; key: string };
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n')));
  [t, pushService] = await Promise.all([createTestApp({ logLevel: 'debug', logStream }), PushService.start()]);
  simulator = new RelaySimulator();
  t.clock.set('2025-06-01T12:00:00Z');
  const property = await seedProperty(t.app, { propertyName: 'Oak Ridge' });
  resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Rita' });
  neighbour = await seedUser(t.app, { role: 'resident', propertyId: property.id });
  const sim = await simulator.addDevice({ protocol: 'shelly-gen1' });
  const key = randomToken();
  const [row] = await t.app.db
    .insert(devices)
    .values({
      propertyId: property.id,
      deviceName: 'Main Gate',
      deviceIpAddress: sim.address,
      deviceKeyHash: sha256Hex(key),
    })
    .returning();
  gate = { id: row.id, key };
});
afterAll(async () => {
  await pushService?.stop();
  await simulator?.close();
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  phoneCall(t.app, method, url, token, payload);

const subscribeDevice = (user: SeededUser) => subscribeTestDevice(t.app, pushService, user);

/** A visitor pass for Vera with arrival notices on, scanned at Main Gate inside its window. */
async function visitorArrives(email: string) {
  t.clock.set('2025-06-01T12:00:00Z');
  const registered = (await registerAs(t, resident, betweenDatesBody({ email }))).json();
  const [mail] = await sentEmailsTo(t.app, email);
  await call('PUT' as 'POST', `/api/visitor/visitors-qr/${registered._id}/qr-notification`, resident.token, {
    _id: registered.qrCodeId,
    qrNotification: true,
  });
  t.clock.set('2025-06-02T13:00:00Z');
  const scanned = await t.app.inject({
    method: 'POST',
    url: '/api/access/qr',
    payload: { code: decodeQrAttachment(mail) },
    headers: bearer(gate.key),
  });
  expect(scanned.json().granted).toBe(true);
}

describe('Web Push subscriptions', () => {
  it("lists only the caller's devices, by label, and never their endpoint", async () => {
    const mine = await subscribeDevice(neighbour);
    const listed = (await call('GET', '/api/push/subscriptions', neighbour.token)).json().subscriptions;
    expect(listed).toEqual([
      { _id: mine.id, label: 'Chrome on Android', createdAt: expect.any(String), lastSuccessAt: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain(mine.clientHash);
    const others = (await call('GET', '/api/push/subscriptions', resident.token)).json().subscriptions;
    expect(others.map((row: { _id: string }) => row._id)).not.toContain(mine.id);
  });

  it("removes one's own device, and answers 404 for another's, which stays", async () => {
    const theirs = await subscribeDevice(neighbour);
    expect((await call('DELETE', `/api/push/subscriptions/${theirs.id}`, resident.token)).statusCode).toBe(404);
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    expect((await call('DELETE', `/api/push/subscriptions/${theirs.id}`, superadmin.token)).statusCode).toBe(404);
    expect(await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, theirs.id))).toHaveLength(1);
    const removed = await call('DELETE', `/api/push/subscriptions/${theirs.id}`, neighbour.token);
    expect(removed.json()).toEqual({ message: PUSH_MESSAGES.removed });
    expect(await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, theirs.id))).toHaveLength(0);
  });

  it('refuses a plain http endpoint unless local devices are allowed, with the words on the field', async () => {
    const subscription = await pushService.subscribe(
      (await call('GET', '/api/push/public-key', resident.token)).json().publicKey,
    );
    t.app.config.allowLocalDevices = false;
    try {
      const refused = await call('POST', '/api/push/subscriptions', resident.token, {
        endpoint: subscription.endpoint,
        keys: subscription.keys,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors).toEqual({ endpoint: PUSH_MESSAGES.endpointNotHttps });
    } finally {
      t.app.config.allowLocalDevices = true;
    }
    const badKeys = await call('POST', '/api/push/subscriptions', resident.token, {
      endpoint: 'https://push.example.com/x',
      keys: { p256dh: 'not base64!', auth: '' },
    });
    expect(badKeys.statusCode).toBe(400);
    expect(Object.keys(badKeys.json().fieldErrors ?? {}).sort()).toEqual(['keys.auth', 'keys.p256dh']);
  });

  it('keeps the push switch beside email and SMS, and sends nothing while it is off', async () => {
    const off = await call('POST', `/api/resident/update-preferences/${resident.id}`, resident.token, {
      email: false,
      sms: false,
      push: false,
    });
    expect(off.json().preferences).toMatchObject({ email: false, sms: false, push: false });
    const device = await subscribeDevice(resident);
    await visitorArrives('switched-off@example.com');
    const queued = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'push-notice'));
    expect(queued.filter((job) => JSON.stringify(job.payload).includes(device.id))).toHaveLength(0);
    const on = await call('POST', `/api/resident/update-preferences/${resident.id}`, resident.token, {
      email: false,
      sms: false,
      push: true,
    });
    expect(on.json().preferences.push).toBe(true);
    const unchanged = await call('POST', `/api/resident/update-preferences/${resident.id}`, resident.token, {
      email: true,
      sms: false,
    });
    expect(unchanged.json().preferences).toMatchObject({ email: true, sms: false, push: true });
    await call('DELETE', `/api/push/subscriptions/${device.id}`, resident.token);
  });
});

describe('a visitor arriving', () => {
  it("pushes 'Your visitor Vera arrived at Main Gate' to the resident's device within 5 seconds", async () => {
    const device = await subscribeDevice(resident);
    const started = Date.now();
    await visitorArrives('arrives@example.com');
    const messages = await readUntil(
      () => pushService.messages(device.clientHash),
      (m) => m.length > 0,
      5_000,
      50,
    );
    const elapsed = Date.now() - started;
    expect(messages.map((message) => JSON.parse(message))).toEqual([
      { body: 'Your visitor Vera arrived at Main Gate', url: '/visitor-list' },
    ]);
    console.info(`scan to push delivered: ${elapsed} ms`);
    // The push service can answer before the sender has recorded its success.
    const [row] = await readUntil(
      () => t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id)),
      (rows) => rows[0]?.lastSuccessAt != null,
      5_000,
      50,
    );
    expect(row.lastSuccessAt).not.toBeNull();
    await call('DELETE', `/api/push/subscriptions/${device.id}`, resident.token);
  });

  it('deletes the subscription when the push service answers 410 Gone', async () => {
    const device = await subscribeDevice(resident);
    await pushService.expire(device.clientHash);
    await visitorArrives('gone@example.com');
    const left = await readUntil(
      () => t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id)),
      (rows) => rows.length === 0,
      5_000,
      50,
    );
    expect(left).toHaveLength(0);
  });

  it('never writes an endpoint or a key to the log', async () => {
    const device = await subscribeDevice(resident);
    await visitorArrives('logged@example.com');
    await readUntil(
      () => pushService.messages(device.clientHash),
      (m) => m.length > 0,
      5_000,
      50,
    );
    const log = logLines.join('\n');
    expect(log).toContain('/api/push/subscriptions');
    for (const secret of [device.clientHash, device.keys.p256dh, device.keys.auth, device.endpoint])
      expect(log).not.toContain(secret);
  });
});

describe('a push that fails', () => {
  it('is retried, and arrives exactly once when the push service answers again', async () => {
    // The device's endpoint goes through a port where nothing listens yet: the first try is refused.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { publicKey } = (await call('GET', '/api/push/public-key', resident.token)).json();
    const subscription = await pushService.subscribe(publicKey);
    const endpoint = subscription.endpoint.replace(/^http:\/\/localhost:\d+/, `http://localhost:${port}`);
    const created = await call('POST', '/api/push/subscriptions', resident.token, {
      endpoint,
      keys: subscription.keys,
    });
    expect(created.statusCode).toBe(201);

    await visitorArrives('retried@example.com');
    const failed = await readUntil(
      () => t.app.db.select().from(jobs).where(eq(jobs.kind, 'push-notice')),
      (rows) => rows.some((job) => job.lastError && JSON.stringify(job.payload).includes(created.json()._id)),
      5_000,
      50,
    );
    const job = failed.find((row) => JSON.stringify(row.payload).includes(created.json()._id))!;
    expect(job.lastError).toContain('push service unreachable');
    expect(job.lastError).not.toContain(subscription.clientHash);

    const forwarder = net.createServer((socket) => {
      const upstream = net.connect(Number(new URL(pushService.url).port), '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => forwarder.listen(port, '127.0.0.1', resolve));
    try {
      t.clock.advance(60_000);
      await t.app.jobs.kick();
      const messages = await readUntil(
        () => pushService.messages(subscription.clientHash),
        (m) => m.length > 0,
        5_000,
        50,
      );
      t.clock.advance(3_600_000);
      await t.app.jobs.kick();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await pushService.messages(subscription.clientHash)).toEqual(messages);
      expect(messages.map((message) => JSON.parse(message).body)).toEqual(['Your visitor Vera arrived at Main Gate']);
    } finally {
      await new Promise((resolve) => forwarder.close(resolve));
    }
  });
});

describe('users.pref_push', () => {
  it('is on by default: subscribing a device is the opt-in', async () => {
    const [row] = await t.app.db.select({ prefPush: users.prefPush }).from(users).where(eq(users.id, neighbour.id));
    expect(row.prefPush).toBe(true);
  });
});
