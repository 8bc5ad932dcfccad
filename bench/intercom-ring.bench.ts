// Time from a reader's call to the ring: two Gatehouse processes on one PostgreSQL, the reader on
// one, the resident's phone on the other. Per call (BENCH_CALLS, default 20, each from a reader of
// its own so the per-reader call limit never waits): to the call in the phone's ringing list (asked
// every 20 ms: the server's side of the ring; the open app adds its 500 ms poll, measured by
// bench/intercom.bench.ts) and to the ring's Web Push decrypted at a real push service
// (web-push-testing).
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/intercom-ring.bench.ts

import { users } from '../server/accounts/account-tables';
import { devices } from '../server/device-records/device-tables';
import { hashPassword } from '../server/identity/passwords';
import { randomToken, sha256Hex } from '../server/platform/crypto/keys';
import { connectPostgres } from '../server/platform/db/connect';
import { properties } from '../server/property-records/property-tables';
import * as processes from '../test/support/gatehouse-process';
import { PushService } from '../test/support/push-service';
import { loadAverage, writeResult } from './dashboard-bench-support';

const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const POLL_MS = 20;
const PASSWORD = 'intercom-ring-bench-1';
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const summary = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b).map((ms) => Math.round(ms));
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) };
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `check` every POLL_MS until it holds; when it first held, in performance.now() time. */
async function whenTrue(check: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await check()) return performance.now();
    await pause(POLL_MS);
  }
}

async function main() {
  const database = await processes.freshPostgresDatabase('gatehouse_bench_intercom_ring');
  const env = { JWT_SECRET: 'intercom-ring-bench-0123456789abcdefgh' };
  const pair = [
    await processes.spawnGatehouse({ databaseUrl: database.url, env }),
    await processes.spawnGatehouse({ databaseUrl: database.url, env }),
  ];
  const pushService = await PushService.start();
  const db = await connectPostgres(database.url, 2);
  const call = async (n: number, method: string, path: string, token: string, body?: unknown) => {
    const answer = await fetch(`${pair[n].baseURL}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  try {
    const [property] = await db.orm
      .insert(properties)
      .values({ propertyName: 'Ring Court', propertyLocation: '1 Ring Ct', propertyFeatures: ['qr', 'intercom'] })
      .returning();
    const email = 'rita@ring-court.test';
    await db.orm.insert(users).values({
      firstName: 'Rita',
      lastName: 'Ring',
      email,
      role: 'resident',
      propertyId: property.id,
      passwordHash: await hashPassword(PASSWORD, 256),
    });
    const readerKeys: string[] = [];
    for (let i = 0; i < CALLS; i++) {
      const key = randomToken();
      await db.orm.insert(devices).values({
        propertyId: property.id,
        deviceName: 'North Gate',
        deviceIpAddress: '192.0.2.10',
        deviceKeyHash: sha256Hex(key),
      });
      readerKeys.push(key);
    }
    const login = await call(1, 'POST', '/api/resident/login', '', { email, password: PASSWORD, userType: 'resident' });
    const phone = login.body.token as string;
    const { publicKey } = (await call(1, 'GET', '/api/push/public-key', phone)).body as { publicKey: string };
    const subscription = await pushService.subscribe(publicKey);
    const subscribed = await call(1, 'POST', '/api/push/subscriptions', phone, {
      endpoint: subscription.endpoint,
      expirationTime: null,
      keys: subscription.keys,
    });
    if (subscribed.status !== 201) throw new Error(`subscribing answered ${subscribed.status}`);

    const toList: number[] = [];
    const toPush: number[] = [];
    for (const key of readerKeys) {
      const found = await call(0, 'GET', '/api/intercom/directory?q=ri', key);
      const entry = (found.body.entries as { _id: string }[])[0];
      const pushesBefore = (await pushService.messages(subscription.clientHash)).length;
      const tappedAt = performance.now();
      const created = await call(0, 'POST', '/api/intercom/calls', key, { directoryId: entry._id });
      if (created.status !== 201)
        throw new Error(`calling answered ${created.status}: ${JSON.stringify(created.body)}`);
      const callId = created.body._id as string;
      const [listed, pushed] = await Promise.all([
        whenTrue(async () => {
          const ringing = await call(1, 'GET', '/api/intercom/calls?status=ringing&limit=5', phone);
          return (ringing.body.calls as { _id: string }[]).some((ringingCall) => ringingCall._id === callId);
        }),
        whenTrue(async () => (await pushService.messages(subscription.clientHash)).length > pushesBefore),
      ]);
      toList.push(listed - tappedAt);
      toPush.push(pushed - tappedAt);
      process.stdout.write(
        `call ${toList.length}: ringing list ${Math.round(listed - tappedAt)} ms, push ${Math.round(pushed - tappedAt)} ms\n`,
      );
      await call(0, 'POST', `/api/intercom/calls/${callId}/end`, key);
    }
    const result = {
      measuredAt: new Date().toISOString(),
      loadAverageAtEnd: loadAverage(),
      calls: CALLS,
      pollMs: POLL_MS,
      setup: 'two processes on one PostgreSQL: reader calls through one, the phone asks the other',
      callToRingingListMs: summary(toList),
      callToPushAtPushServiceMs: summary(toPush),
    };
    console.log(JSON.stringify(result, null, 2));
    writeResult('intercom-ring.json', result);
  } finally {
    await Promise.all(pair.map((gatehouse) => gatehouse.stop()));
    await pushService.stop();
    await db.close();
    await database.drop();
  }
}

await main();
