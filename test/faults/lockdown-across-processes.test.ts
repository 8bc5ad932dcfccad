import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/accounts/account-tables';
import { devices } from '../../server/device-records/device-tables';
import { gateLogs } from '../../server/gate-log/gate-log-tables';
import { randomToken, sha256Hex } from '../../server/platform/crypto/keys';
import { connectPostgres, type Database } from '../../server/platform/db/connect';
import { properties } from '../../server/property-records/property-tables';
import { lockdowns } from '../../server/property-rules/property-rule-tables';
import { qrCodes, visitors } from '../../server/visitors/visitor-tables';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import * as processes from '../support/gatehouse-process';
import { Mailbox } from '../support/mailbox';

// Two real processes on one database: a lockdown started through one is seen by the other's very
// next gate decision, and no scan sent after the start's answer came back is ever let through
// (docs/decisions/0044: the decision reads the lockdowns table on every attempt, nothing cached).
let database: processes.FreshPostgres;
let orm: Database;
let pair: processes.GatehouseProcess[];
const simulator = new RelaySimulator();
const mailbox = new Mailbox();
let propertyId: string;
let superadminToken: string;
let gateKey: string;
let passCode: string;

async function call(n: 0 | 1, method: string, path: string, token: string, body?: unknown) {
  const answer = await fetch(`${pair[n].baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  database = await processes.freshPostgresDatabase('gatehouse_faults');
  await mailbox.start();
  const env = { JWT_SECRET: 'lockdown-across-processes-0123456789abcd', SMTP_URL: mailbox.url };
  const first = await processes.spawnGatehouse({ databaseUrl: database.url, env });
  pair = [first, await processes.spawnGatehouse({ databaseUrl: database.url, env })];
  orm = await connectPostgres(database.url, 2);
  const [property] = await orm.orm
    .insert(properties)
    .values({ propertyName: 'Twin Gates', propertyLocation: '2 Twin Gates Rd', propertyFeatures: ['qr'] })
    .returning();
  propertyId = property.id;
  const [resident] = await orm.orm
    .insert(users)
    .values({ firstName: 'Rita', lastName: 'Resident', email: 'rita@twin-gates.test', role: 'resident', propertyId })
    .returning();
  const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
  gateKey = randomToken();
  await orm.orm.insert(devices).values({
    propertyId,
    deviceName: 'Gate',
    deviceIpAddress: relay.address,
    driver: 'shelly-gen1',
    pulseSeconds: 1,
    deviceKeyHash: sha256Hex(gateKey),
  });
  const [visitor] = await orm.orm
    .insert(visitors)
    .values({ firstName: 'Vic', lastName: 'Visitor', email: 'vic@twin-gates.test', propertyId, createdBy: resident.id })
    .returning();
  passCode = randomToken();
  await orm.orm.insert(qrCodes).values({
    visitorId: visitor.id,
    propertyId,
    createdBy: resident.id,
    tokenHash: sha256Hex(passCode),
    qrFirstName: 'Vic',
    qrLastName: 'Visitor',
    qrType: 'betweenDates',
    startDate: new Date(Date.now() - 86_400_000),
    lifetimeValidity: true,
  });
  const login = await call(0, 'POST', '/api/resident/login', '', {
    email: processes.TEST_SUPERADMIN.email,
    password: processes.TEST_SUPERADMIN.password,
    userType: 'superadmin',
  });
  superadminToken = login.body.token as string;
});

afterAll(async () => {
  await Promise.all((pair ?? []).map((process) => process.stop()));
  await orm?.close();
  await simulator.close();
  await mailbox.stop();
  await database?.drop();
});

const lockdown = `/api/properties/:id/lockdown`;
const startOn = (n: 0 | 1, reason: string) =>
  call(n, 'POST', lockdown.replace(':id', propertyId), superadminToken, { reason });
const endOn = (n: 0 | 1) => call(n, 'DELETE', lockdown.replace(':id', propertyId), superadminToken);
const scanOnB = () => call(1, 'POST', '/api/access/qr', gateKey, { code: passCode });

describe('lockdown across processes', () => {
  it('refuses a scan on the other process on its very next request, and lets it through once ended there', async () => {
    expect((await scanOnB()).body).toMatchObject({ granted: true });
    expect((await startOn(0, 'Intruder on the property')).status).toBe(201);
    expect((await scanOnB()).body).toMatchObject({ granted: false, rule: 'lockdown', notice: 'Gate locked down' });
    expect((await endOn(0)).status).toBe(200);
    expect((await scanOnB()).body).toMatchObject({ granted: true });
  });

  it('in a burst of scans racing the start: none sent after the start answered is granted', async () => {
    const scans: { sentAt: number; granted: boolean }[] = [];
    const scanning: Promise<void>[] = [];
    let startAnsweredAt = Number.POSITIVE_INFINITY;
    let startSentAt = 0;
    const started = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 60));
      startSentAt = performance.now();
      const answer = await startOn(0, 'Police request');
      startAnsweredAt = performance.now();
      expect(answer.status).toBe(201);
    })();
    // A scan every 4 ms from before the start until well after it answered.
    const until = () => performance.now() > startAnsweredAt + 400;
    while (!until()) {
      const sentAt = performance.now();
      scanning.push(scanOnB().then((answer) => void scans.push({ sentAt, granted: answer.body.granted === true })));
      await new Promise((resolve) => setTimeout(resolve, 4));
    }
    await started;
    await Promise.all(scanning);
    const after = scans.filter((scan) => scan.sentAt > startAnsweredAt);
    const before = scans.filter((scan) => scan.sentAt < startAnsweredAt);
    console.log(
      `lockdown race: ${scans.length} scans, ${before.filter((s) => s.granted).length}/${before.length} granted before the start answered, ${after.filter((s) => s.granted).length}/${after.length} after; the start took ${(startAnsweredAt - startSentAt).toFixed(0)} ms; the last granted scan was sent ${(startAnsweredAt - Math.max(...scans.filter((s) => s.granted).map((s) => s.sentAt))).toFixed(0)} ms before it answered`,
    );
    expect(before.some((scan) => scan.granted)).toBe(true);
    expect(after.length).toBeGreaterThan(10);
    expect(after.filter((scan) => scan.granted)).toEqual([]);
    for (const scan of scans.filter((s) => s.granted)) expect(scan.sentAt).toBeLessThan(startAnsweredAt);
    expect((await endOn(1)).status).toBe(200);
  });

  it('ends at its end time once, with one log row and one email per manager, while both processes poll', async () => {
    const managers = await orm.orm
      .insert(users)
      .values(
        ['Mona', 'Max'].map((firstName) => ({
          firstName,
          lastName: 'Manager',
          email: `${firstName.toLowerCase()}@twin-gates.test`,
          role: 'admin' as const,
          propertyId,
        })),
      )
      .returning();
    const endsAt = new Date(Date.now() + 1500).toISOString();
    const started = await call(0, 'POST', lockdown.replace(':id', propertyId), superadminToken, {
      reason: 'Storm',
      endsAt,
    });
    expect(started.status).toBe(201);
    const id = started.body._id as string;
    const endedRows = async () =>
      (
        await orm.orm
          .select()
          .from(gateLogs)
          .where(and(eq(gateLogs.propertyId, propertyId), eq(gateLogs.reason, 'Lockdown ended at its end time: Storm')))
      ).length;
    const deadline = Date.now() + 15_000;
    while ((await endedRows()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // Both queues keep polling a while longer: neither ends it a second time.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await endedRows()).toBe(1);
    const [row] = await orm.orm.select().from(lockdowns).where(eq(lockdowns.id, id));
    expect(row.endedAt?.toISOString()).toBe(endsAt);
    for (const manager of managers) {
      await mailbox.waitFor(manager.email, (mail) => mail.subject === 'Lockdown ended: Twin Gates');
      const subjects = mailbox.to(manager.email).map((mail) => mail.subject);
      expect(subjects.filter((subject) => subject === 'Lockdown ended: Twin Gates')).toHaveLength(1);
      expect(subjects.filter((subject) => subject === 'Lockdown started: Twin Gates')).toHaveLength(1);
    }
  });
});
