// 1,000 properties with 10 gates each (10,000 devices, a tenth over MQTT) on real PostgreSQL:
// what the health sweep costs per minute (every HTTP relay probed once a minute, then the
// offline/online emails claimed), the process's memory, and the device lists' speed.
// HTTP relays are 50 relay-simulator devices, each answering for 180 device rows (the probe's
// cost on our side is per row; the simulator's is not what is measured). MQTT devices are
// rows only: their health comes from broker presence events, not from the sweep.
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/many-properties.bench.ts
// BENCH_PROPERTIES (1000), BENCH_GATES (10) change the size.
import crypto from 'node:crypto';
import os from 'node:os';
import { users } from '../server/accounts/account-tables';
import { buildApp } from '../server/app/app';
import { sweepDeviceHealth } from '../server/device-health/health-sweep';
import { devices } from '../server/device-records/device-tables';
import { probeDueRelays } from '../server/devices/relay-probe';
import { sha256Hex } from '../server/platform/crypto/keys';
import { connectPostgres } from '../server/platform/db/connect';
import { properties } from '../server/property-records/property-tables';
import { bearer, seedUser, TEST_PASSWORD, testConfig } from '../test/support/test-app';
import { TestClock } from '../test/support/test-clock';
import { RelaySimulator } from '../tools/relay-simulator/relay-simulator';
import { benchDatabase, loadAverage, timeCalls, writeResult } from './dashboard-bench-support';
import { postgresCpuSeconds } from './proc-cpu';

const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 1000);
const GATES = Number(process.env.BENCH_GATES ?? 10);
const RELAYS = 50;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function main() {
  const database = await benchDatabase('gatehouse_bench_many');
  const clock = new TestClock();
  const db = await connectPostgres(database.url);
  const app = await buildApp(testConfig({ databaseUrl: database.url, allowLocalDevices: true, now: clock.now }), db);
  await app.ready();
  const simulator = new RelaySimulator();
  const relays = await Promise.all(
    Array.from({ length: RELAYS }, () => simulator.addDevice({ protocol: 'shelly-gen1' })),
  );
  const rssBefore = process.memoryUsage().rss;

  const seedStarted = performance.now();
  const propertyRows = [];
  for (let from = 0; from < PROPERTIES; from += 500) {
    const batch = Array.from({ length: Math.min(500, PROPERTIES - from) }, (_, i) => ({
      propertyName: `Estate ${from + i}`,
      propertyLocation: `${from + i} Long Road`,
    }));
    propertyRows.push(...(await app.db.insert(properties).values(batch).returning({ id: properties.id })));
  }
  let deviceCount = 0;
  for (const [p, property] of propertyRows.entries()) {
    const rows = Array.from({ length: GATES }, (_, g) => {
      const mqtt = g === 0; // a tenth of the gates
      const relay = relays[(p * GATES + g) % RELAYS];
      return {
        propertyId: property.id,
        deviceName: `Gate ${g}`,
        deviceIpAddress: mqtt ? null : relay.address,
        driver: mqtt ? ('shelly-gen2-mqtt' as const) : ('shelly-gen1' as const),
        mqttTopic: mqtt ? `shellyplus1-${crypto.randomBytes(6).toString('hex')}` : null,
        deviceKeyHash: sha256Hex(crypto.randomUUID()),
      };
    });
    deviceCount += rows.length;
    await app.db.insert(devices).values(rows);
  }
  await app.db.insert(users).values(
    propertyRows.map((property, i) => ({
      firstName: 'Manager',
      lastName: String(i),
      email: `manager.${i}@example.com`,
      role: 'admin' as const,
      propertyId: property.id,
      passwordHash: TEST_PASSWORD,
    })),
  );
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;

  /** One sweep as the sweeper runs it: the probes due, then the emails due. */
  const sweep = async () => {
    const cpu = process.cpuUsage();
    const pgCpu = postgresCpuSeconds();
    const started = performance.now();
    const probed = await probeDueRelays(app);
    const notices = await sweepDeviceHealth(app);
    const wallMs = Math.round(performance.now() - started);
    const used = process.cpuUsage(cpu);
    return {
      probed,
      noticesClaimed: notices.length,
      wallMs,
      processCpuMs: Math.round((used.user + used.system) / 1000),
      postgresCpuMs: Math.round((postgresCpuSeconds() - pgCpu) * 1000),
      rssMb: mb(process.memoryUsage().rss),
    };
  };

  const firstMinute = await sweep();
  clock.advance(10_000);
  const nothingDue = await sweep();
  clock.advance(61_000);
  const nextMinute = await sweep();
  // A tenth of the relays stop answering: their devices fail now and are emailed about 10 min later.
  for (const relay of relays.slice(0, RELAYS / 10)) await simulator.setFault(relay.id, 'down');
  clock.advance(61_000);
  const withFailures = await sweep();
  clock.advance(11 * 60_000);
  const offlineEmails = await sweep();

  const superadmin = await seedUser(app, { role: 'superadmin' });
  const manager = await seedUser(app, { role: 'admin', propertyId: propertyRows[0].id });
  const get = (url: string, as: { token: string }) => async () => {
    const answer = await app.inject({ method: 'GET', url, headers: bearer(as.token) });
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode}`);
    return answer;
  };
  const everyDevice = await get('/api/device/get-all', superadmin)();
  const devicesListed = (everyDevice.json() as { devices: unknown[] }[]).reduce((n, p) => n + p.devices.length, 0);
  const deviceLists = {
    superadminAllProperties: { ...(await timeCalls(20, get('/api/device/get-all', superadmin))), devicesListed },
    superadminOneProperty: await timeCalls(50, get(`/api/device/get-all?property=${propertyRows[1].id}`, superadmin)),
    managerOwnProperty: await timeCalls(50, get('/api/device/get-all', manager)),
    managerGateList: await timeCalls(50, get('/api/device/get-gate-devices', manager)),
  };

  const result = {
    measuredAt: new Date().toISOString(),
    cpus: os.cpus().length,
    loadAverageAtStart: loadAverage(),
    properties: PROPERTIES,
    devices: deviceCount,
    httpRelayRows: deviceCount - PROPERTIES,
    mqttRows: PROPERTIES,
    seedSeconds,
    processRssMbBeforeSeeding: mb(rssBefore),
    sweeps: { firstMinute, nothingDue, nextMinute, withFailures, offlineEmails },
    deviceLists,
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult('many-properties.json', result);
  await simulator.close();
  await app.close();
  await db.close();
  await database.drop();
}

await main();
