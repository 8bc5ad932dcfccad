// How fast a lockdown reaches every process: two Gatehouse processes on one PostgreSQL, a reader
// scanning a valid pass on process B every 5 ms, a lockdown started through process A. Reports,
// over BENCH_RUNS starts: how long the start took to answer, and when B's first refusal was sent
// relative to that answer (negative: B refused before A's answer arrived, the commit having
// landed first); and any scan sent after the answer that was granted (must be none).
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/lockdown-reach.bench.ts

import { users } from '../server/accounts/account-tables';
import { devices } from '../server/device-records/device-tables';
import { randomToken, sha256Hex } from '../server/platform/crypto/keys';
import { connectPostgres } from '../server/platform/db/connect';
import { properties } from '../server/property-records/property-tables';
import { qrCodes, visitors } from '../server/visitors/visitor-tables';
import * as processes from '../test/support/gatehouse-process';
import { RelaySimulator } from '../tools/relay-simulator/relay-simulator';
import { loadAverage, writeResult } from './dashboard-bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);

async function main() {
  const database = await processes.freshPostgresDatabase('gatehouse_bench_lockdown');
  const env = { JWT_SECRET: 'lockdown-reach-bench-0123456789abcdefgh' };
  const pair = [
    await processes.spawnGatehouse({ databaseUrl: database.url, env }),
    await processes.spawnGatehouse({ databaseUrl: database.url, env }),
  ];
  const simulator = new RelaySimulator();
  const db = await connectPostgres(database.url, 2);
  const [property] = await db.orm
    .insert(properties)
    .values({ propertyName: 'Reach', propertyLocation: '1 Reach Rd' })
    .returning();
  const [resident] = await db.orm
    .insert(users)
    .values({ firstName: 'R', lastName: 'R', email: 'r@reach.test', role: 'resident', propertyId: property.id })
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
    .values({ firstName: 'V', lastName: 'V', email: 'v@reach.test', propertyId: property.id, createdBy: resident.id })
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
  const token = login.body.token as string;
  const path = `/api/properties/${property.id}/lockdown`;

  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    const scans: { sentAt: number; granted: boolean }[] = [];
    const inFlight: Promise<void>[] = [];
    let startSentAt = 0;
    let startAnsweredAt = Number.POSITIVE_INFINITY;
    const start = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      startSentAt = performance.now();
      const answer = await call(0, 'POST', path, token, { reason: `Run ${run}` });
      startAnsweredAt = performance.now();
      if (answer.status !== 201) throw new Error(`start answered ${answer.status}`);
    })();
    while (performance.now() < startAnsweredAt + 200) {
      const sentAt = performance.now();
      inFlight.push(
        call(1, 'POST', '/api/access/qr', gateKey, { code }).then((answer) => {
          scans.push({ sentAt, granted: answer.body.granted === true });
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await start;
    await Promise.all(inFlight);
    scans.sort((a, b) => a.sentAt - b.sentAt);
    const firstRefused = scans.find((scan) => scan.sentAt > startSentAt && !scan.granted);
    runs.push({
      startAnswerMs: Math.round(startAnsweredAt - startSentAt),
      firstRefusalSentMsAfterAnswer: firstRefused ? Math.round(firstRefused.sentAt - startAnsweredAt) : null,
      grantedAfterAnswer: scans.filter((scan) => scan.sentAt > startAnsweredAt && scan.granted).length,
      scans: scans.length,
    });
    await call(0, 'DELETE', path, token);
  }
  const result = { measuredAt: new Date().toISOString(), loadAverageAtStart: loadAverage(), runs };
  console.log(JSON.stringify(result, null, 2));
  writeResult('lockdown-reach.json', result);
  await Promise.all(pair.map((gatehouse) => gatehouse.stop()));
  await db.close();
  await simulator.close();
  await database.drop();
}

await main();
