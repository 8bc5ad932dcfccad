import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/accounts/account-tables';
import { deviceHealth } from '../../server/device-health/device-health-tables';
import { OFFLINE_NOTICE_AFTER_MS, READER_OFFLINE_AFTER_MS } from '../../server/device-health/health-rule';
import { devices } from '../../server/device-records/device-tables';
import { hashPassword } from '../../server/identity/passwords';
import { randomToken, sha256Hex } from '../../server/platform/crypto/keys';
import { connectPostgres, type Database } from '../../server/platform/db/connect';
import { rowsOf } from '../../server/platform/db/rows';
import { properties } from '../../server/property-records/property-tables';
import {
  type FreshPostgres,
  freshPostgresDatabase,
  type GatehouseProcess,
  spawnGatehouse,
} from '../support/gatehouse-process';
import { Mailbox } from '../support/mailbox';

// Two real Gatehouse processes on one PostgreSQL database, each sweeping device health ten times
// a second: a device offline for 10 minutes still gets one email per manager, and one when back.
let database: FreshPostgres;
let orm: Database;
let pair: GatehouseProcess[];
const mailbox = new Mailbox();
const managerEmails = ['mara@pine-court.test', 'milo@pine-court.test'];
let deviceId: string;
let deviceKey: string;

beforeAll(async () => {
  await mailbox.start();
  database = await freshPostgresDatabase('gatehouse_faults');
  const env = { SMTP_URL: mailbox.url, DEVICE_HEALTH_SWEEP_MS: '100', JOB_POLL_MS: '100' };
  const first = await spawnGatehouse({ databaseUrl: database.url, env });
  pair = [first, await spawnGatehouse({ databaseUrl: database.url, env })];
  orm = await connectPostgres(database.url, 2);
  const [property] = await orm.orm
    .insert(properties)
    .values({ propertyName: 'Pine Court', propertyLocation: '3 Pine Court', propertyFeatures: ['qr'] })
    .returning();
  const passwordHash = await hashPassword('manager-password-1', 256);
  await orm.orm.insert(users).values(
    managerEmails.map((email) => ({
      firstName: 'Manager',
      lastName: email,
      email,
      role: 'admin' as const,
      propertyId: property.id,
      passwordHash,
    })),
  );
  deviceKey = randomToken();
  const [device] = await orm.orm
    .insert(devices)
    .values({
      propertyId: property.id,
      deviceName: 'Pine Gate',
      // Connected over MQTT (and no broker here): no status probe, so only the reader's heartbeat speaks.
      deviceIpAddress: null,
      mqttTopic: 'pine-gate',
      driver: 'shelly-gen2-mqtt',
      deviceKeyHash: sha256Hex(deviceKey),
    })
    .returning();
  deviceId = device.id;
});

afterAll(async () => {
  await Promise.all((pair ?? []).map((process) => process.stop()));
  await orm?.close();
  await database?.drop();
  await mailbox.stop();
});

const subjectsTo = (email: string) => mailbox.to(email).map((mail) => mail.subject);
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

describe('device health emails with two processes sweeping', () => {
  it('sends one offline email per manager, then one back-online email, however many sweeps run', async () => {
    const silentSince = new Date(Date.now() - READER_OFFLINE_AFTER_MS - OFFLINE_NOTICE_AFTER_MS - 60_000);
    await orm.orm.insert(deviceHealth).values({ deviceId, readerSeenAt: silentSince });
    for (const email of managerEmails)
      await mailbox.waitFor(email, (mail) => mail.subject?.startsWith('Offline') ?? false);
    await settle();
    for (const email of managerEmails) expect(subjectsTo(email)).toEqual(['Offline: Pine Gate at Pine Court']);

    const heartbeat = await fetch(`${pair[1].baseURL}/api/devices/heartbeat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${deviceKey}` },
    });
    expect(heartbeat.status).toBe(204);
    for (const email of managerEmails)
      await mailbox.waitFor(email, (mail) => mail.subject?.startsWith('Back') ?? false);
    await settle();
    for (const email of managerEmails)
      expect(subjectsTo(email)).toEqual(['Offline: Pine Gate at Pine Court', 'Back online: Pine Gate at Pine Court']);
    const [health] = await orm.orm.select().from(deviceHealth).where(eq(deviceHealth.deviceId, deviceId));
    expect(health.offlineNoticeAt).toBeNull();
    const notices = await orm.orm.execute(sql`select count(*)::int as n from jobs where kind = 'device-health-notice'`);
    expect(rowsOf<{ n: number }>(notices)[0].n).toBe(4);
  });

  it('heartbeats alternating between the processes, or arriving at both at once, write last seen once per window', async () => {
    await orm.orm
      .update(deviceHealth)
      .set({ readerSeenAt: new Date(Date.now() - 60_000) })
      .where(eq(deviceHealth.deviceId, deviceId));
    const send = (n: number) =>
      fetch(`${pair[n % 2].baseURL}/api/devices/heartbeat`, {
        method: 'POST',
        headers: { authorization: `Bearer ${deviceKey}` },
      });
    const seenAt = async () =>
      (await orm.orm.select().from(deviceHealth).where(eq(deviceHealth.deviceId, deviceId)))[0].readerSeenAt;
    const before = Date.now();
    expect((await send(0)).status).toBe(204);
    const written = await seenAt();
    expect(written?.getTime()).toBeGreaterThanOrEqual(before);
    for (let n = 1; n <= 10; n++) expect((await send(n)).status).toBe(204);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, n) => send(n)));
    expect(burst.map((answer) => answer.status)).toEqual(Array(10).fill(204));
    expect(await seenAt()).toEqual(written);
  });
});
