import crypto from 'node:crypto';
import type dns from 'node:dns';
import http from 'node:http';
import type net from 'node:net';
import { PUSH_MESSAGES } from '@core/api/push-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneCall } from '../../test/support/push-devices';
import { readUntil } from '../../test/support/read-until';
import { createTestApp, type SeededUser, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { devices } from '../device-records/device-tables';
import { randomToken, sha256Hex } from '../platform/crypto/keys';
import { jobs } from '../platform/jobs/job-tables';
import type { HostResolver } from '../platform/net/outbound-address-policy';
import { pushNoticeJob } from './push-notices';
import { pushSubscriptions } from './push-tables';

// Push endpoints under the outbound address policy (docs/decisions/0063): `strict` runs as
// production does (no ALLOW_LOCAL_DEVICES) with a resolver that points one public-looking name at
// this machine; `local` allows local addresses, as the other push tests do, to try redirects.
let strict: TestApp;
let local: TestApp;
const resolved: string[] = [];
const REBOUND_NAME = 'push.rebound.example';
const resolveHost: HostResolver = (hostname, _options, callback) => {
  resolved.push(hostname);
  callback(null, [{ address: '127.0.0.1', family: 4 } as dns.LookupAddress]);
};

/** Keys a browser would send: a P-256 public key and a 16-byte auth secret, base64url. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  return { p256dh: ecdh.generateKeys().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
}

/** A real local HTTP listener that records every connection and request it gets. */
async function listener(answer: (res: http.ServerResponse) => void) {
  const seen = { connections: 0, requests: [] as string[] };
  const server = http.createServer((req, res) => {
    seen.requests.push(`${req.method} ${req.url}`);
    req.resume();
    answer(res);
  });
  server.on('connection', () => {
    seen.connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { seen, port, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A gate whose going offline is the notice pushed. */
async function offlineNotice(app: TestApp['app'], propertyId: string) {
  const [row] = await app.db
    .insert(devices)
    .values({
      propertyId,
      deviceName: 'Back Gate',
      deviceIpAddress: '10.0.0.9',
      deviceKeyHash: sha256Hex(randomToken()),
    })
    .returning();
  return { event: 'device-offline' as const, deviceId: row.id };
}

/** Pushes the notice to one subscription and waits for the job to record a failure. */
async function pushAndAwaitFailure(app: TestApp['app'], propertyId: string, subscriptionId: string) {
  await app.jobs.enqueueMany(app.db, pushNoticeJob, [{ subscriptionId, notice: await offlineNotice(app, propertyId) }]);
  await app.jobs.kick();
  const rows = await readUntil(
    () => app.db.select().from(jobs).where(eq(jobs.kind, 'push-notice')),
    (list) => list.some((job) => JSON.stringify(job.payload).includes(subscriptionId) && job.lastError),
    10_000,
    50,
  );
  return rows.find((job) => JSON.stringify(job.payload).includes(subscriptionId));
}

const subscriptionRows = (app: TestApp['app'], userId: string) =>
  app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

let strictResident: SeededUser;
let strictProperty: { id: string };
let localResident: SeededUser;
let localProperty: { id: string };

beforeAll(async () => {
  [strict, local] = await Promise.all([createTestApp({ allowLocalDevices: false, resolveHost }), createTestApp()]);
  strictProperty = await seedProperty(strict.app, { propertyName: 'Oak Ridge' });
  strictResident = await seedUser(strict.app, { role: 'resident', propertyId: strictProperty.id });
  localProperty = await seedProperty(local.app, { propertyName: 'Elm Court' });
  localResident = await seedUser(local.app, { role: 'resident', propertyId: localProperty.id });
});
afterAll(async () => {
  await strict?.close();
  await local?.close();
});

describe('subscribing a push endpoint', () => {
  it.each([
    'https://127.0.0.1:8443/push/1',
    'https://2130706433/push/1',
    'https://0x7f000001/push/1',
    'https://017700000001/push/1',
    'https://127.1/push/1',
    'https://localhost/push/1',
    'https://LOCALHOST./push/1',
    'https://gate.localhost/push/1',
    'https://[::1]/push/1',
    'https://[::ffff:127.0.0.1]/push/1',
    'https://[64:ff9b::7f00:1]/push/1',
    'https://0.0.0.0/push/1',
    'https://169.254.169.254/latest/meta-data/',
    'https://[fd00:ec2::254]/push/1',
    'https://100.100.100.200/push/1',
    'https://10.0.0.1/push/1',
    'https://192.168.1.20/push/1',
    'https://172.16.0.10/push/1',
    'https://[fd00::5]/push/1',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://metadata/computeMetadata/v1/',
    'https://intranet/push/1',
  ])('refuses %s with a sentence on the field, and stores nothing', async (endpoint) => {
    const refused = await phoneCall(strict.app, 'POST', '/api/push/subscriptions', strictResident.token, {
      endpoint,
      keys: browserKeys(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ endpoint: PUSH_MESSAGES.endpointNotPublic });
    expect(await subscriptionRows(strict.app, strictResident.id)).toHaveLength(0);
  });

  it('accepts a push service on the internet', async () => {
    const user = await seedUser(strict.app, { role: 'resident', propertyId: strictProperty.id });
    const created = await phoneCall(strict.app, 'POST', '/api/push/subscriptions', user.token, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: browserKeys(),
    });
    expect(created.statusCode).toBe(201);
  });
});

describe('sending a push', () => {
  it('refuses a name that resolves to this machine when sending, without connecting', async () => {
    const target = await listener((res) => res.writeHead(201).end());
    try {
      const user = await seedUser(strict.app, { role: 'resident', propertyId: strictProperty.id });
      // The name passes when subscribing: only its resolved address gives it away.
      const created = await phoneCall(strict.app, 'POST', '/api/push/subscriptions', user.token, {
        endpoint: `https://${REBOUND_NAME}:${target.port}/push/1`,
        keys: browserKeys(),
      });
      expect(created.statusCode).toBe(201);
      const job = await pushAndAwaitFailure(strict.app, strictProperty.id, created.json()._id);
      expect(job?.lastError).toContain('resolves to a local or private address');
      expect(resolved).toContain(REBOUND_NAME);
      expect(target.seen).toEqual({ connections: 0, requests: [] });
      expect(await subscriptionRows(strict.app, user.id)).toHaveLength(1);
    } finally {
      await target.close();
    }
  });

  it('never follows a redirect: a 3xx is a failed delivery and the subscription stays', async () => {
    const gone = await listener((res) => res.writeHead(410).end());
    const redirecting = await listener((res) =>
      res.writeHead(302, { location: `http://127.0.0.1:${gone.port}/internal/admin` }).end(),
    );
    try {
      const created = await phoneCall(local.app, 'POST', '/api/push/subscriptions', localResident.token, {
        endpoint: `http://127.0.0.1:${redirecting.port}/push/1`,
        keys: browserKeys(),
      });
      expect(created.statusCode).toBe(201);
      const job = await pushAndAwaitFailure(local.app, localProperty.id, created.json()._id);
      expect(job?.lastError).toContain('push service answered 302, a redirect (not followed)');
      expect(redirecting.seen.requests).toEqual(['POST /push/1']);
      expect(gone.seen).toEqual({ connections: 0, requests: [] });
      expect(await subscriptionRows(local.app, localResident.id)).toHaveLength(1);
    } finally {
      await gone.close();
      await redirecting.close();
    }
  });
});
