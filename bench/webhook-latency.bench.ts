// Time from a gate opening to its webhook at the receiver: two Gatehouse processes on one
// PostgreSQL, a valid pass scanned BENCH_RUNS times (default 200), alternating processes, one at a
// time; each scan waits for its `gate.opened` delivery at a local receiver. Reports p50/p95 of
// (delivery received - scan sent) and of the scan's own answer time.
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/webhook-latency.bench.ts
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { users } from '../server/accounts/account-tables';
import { devices } from '../server/device-records/device-tables';
import { randomToken, sha256Hex } from '../server/platform/crypto/keys';
import { connectPostgres } from '../server/platform/db/connect';
import { properties } from '../server/property-records/property-tables';
import { qrCodes, visitors } from '../server/visitors/visitor-tables';
import * as processes from '../test/support/gatehouse-process';
import { RelaySimulator } from '../tools/relay-simulator/relay-simulator';
import { loadAverage, writeResult } from './dashboard-bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function main() {
  const arrivals: Array<(at: number) => void> = [];
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.shift()?.(performance.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const database = await processes.freshPostgresDatabase('gatehouse_bench_webhooks');
  const env = { JWT_SECRET: 'webhook-latency-bench-0123456789abcdefgh' };
  const pair = [
    await processes.spawnGatehouse({ databaseUrl: database.url, env }),
    await processes.spawnGatehouse({ databaseUrl: database.url, env }),
  ];
  const simulator = new RelaySimulator();
  const db = await connectPostgres(database.url, 2);
  const [property] = await db.orm
    .insert(properties)
    .values({ propertyName: 'Hooks', propertyLocation: '1 Hook Rd' })
    .returning();
  const [resident] = await db.orm
    .insert(users)
    .values({ firstName: 'R', lastName: 'R', email: 'r@hooks.test', role: 'resident', propertyId: property.id })
    .returning();
  const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
  const gateKey = randomToken();
  await db.orm.insert(devices).values({
    propertyId: property.id,
    deviceName: 'Gate',
    deviceIpAddress: relay.address,
    deviceKeyHash: sha256Hex(gateKey),
  });
  const [visitor] = await db.orm
    .insert(visitors)
    .values({ firstName: 'V', lastName: 'V', email: 'v@hooks.test', propertyId: property.id, createdBy: resident.id })
    .returning();
  const code = randomToken();
  await db.orm.insert(qrCodes).values({
    visitorId: visitor.id,
    propertyId: property.id,
    createdBy: resident.id,
    tokenHash: sha256Hex(code),
    qrFirstName: 'V',
    qrLastName: 'V',
    qrType: 'betweenDates',
    startDate: new Date(Date.now() - 86_400_000),
    lifetimeValidity: true,
  });
  const call = async (n: number, method: string, path: string, token: string, body?: unknown) => {
    const answer = await fetch(`${pair[n].baseURL}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  const login = await call(0, 'POST', '/api/resident/login', '', {
    email: processes.TEST_SUPERADMIN.email,
    password: processes.TEST_SUPERADMIN.password,
    userType: 'superadmin',
  });
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const added = await call(0, 'POST', `/api/properties/${property.id}/webhooks`, login.body.token as string, {
    url,
    events: ['gate.opened'],
  });
  if (added.status !== 201) throw new Error(`adding the endpoint answered ${added.status}`);

  const toReceiver: number[] = [];
  const scanAnswer: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const arrived = new Promise<number>((resolve) => arrivals.push(resolve));
    const sentAt = performance.now();
    const scan = await call(run % 2, 'POST', '/api/access/qr', gateKey, { code });
    scanAnswer.push(performance.now() - sentAt);
    if (scan.body.granted !== true) throw new Error(`scan ${run} was not granted: ${JSON.stringify(scan.body)}`);
    toReceiver.push((await arrived) - sentAt);
  }
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b).map((ms) => Math.round(ms));
  const result = {
    measuredAt: new Date().toISOString(),
    loadAverageAtStart: loadAverage(),
    runs: RUNS,
    jobPollMs: 1000,
    openingToReceiverMs: { p50: percentile(sorted(toReceiver), 0.5), p95: percentile(sorted(toReceiver), 0.95) },
    scanAnswerMs: { p50: percentile(sorted(scanAnswer), 0.5), p95: percentile(sorted(scanAnswer), 0.95) },
  };
  console.log(JSON.stringify(result, null, 2));
  writeResult('webhook-latency.json', result);
  await Promise.all(pair.map((gatehouse) => gatehouse.stop()));
  await db.close();
  await simulator.close();
  await database.drop();
  receiver.close();
}

await main();
