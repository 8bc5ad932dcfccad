// POST /api/devices/heartbeat on real PostgreSQL: heartbeats per second and p50/p99 from 1,000
// readers at once, and how many rows the heartbeats wrote (at most one per device per 20 s
// window, however often a reader calls).
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/heartbeat.bench.ts
import crypto from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/app/app';
import { devices } from '../server/device-records/device-tables';
import { sha256Hex } from '../server/platform/crypto/keys';
import { connectPostgres } from '../server/platform/db/connect';
import { properties } from '../server/property-records/property-tables';
import { testConfig } from '../test/support/test-app';
import { benchDatabase, writeResult } from './dashboard-bench-support';

const READERS = 1_000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

/** Rows inserted and updated in device_health, as the statistics collector counted them. */
async function deviceHealthWrites(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `select coalesce(n_tup_ins + n_tup_upd, 0)::int as n from pg_stat_user_tables where relname = 'device_health'`,
  );
  await client.end();
  return rows[0]?.n ?? 0;
}

async function main() {
  const database = await benchDatabase('gatehouse_bench_heartbeat');
  const connection = await connectPostgres(database.url, undefined, 'unbounded');
  const app = await buildApp(testConfig({ logLevel: 'silent' }), connection);
  try {
    const [property] = await connection.orm
      .insert(properties)
      .values({ propertyName: 'Bench Towers', propertyLocation: '1 Bench St' })
      .returning();
    const keys = Array.from({ length: READERS }, () => crypto.randomBytes(32).toString('base64url'));
    await connection.orm.insert(devices).values(
      keys.map((key, i) => ({
        propertyId: property.id,
        deviceName: `Gate ${i}`,
        deviceIpAddress: '192.0.2.10',
        deviceKeyHash: sha256Hex(key),
      })),
    );
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    let i = 0;
    const result = await autocannon({
      url: `${url}/api/devices/heartbeat`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: [
        { setupRequest: (request) => ({ ...request, headers: { authorization: `Bearer ${keys[i++ % READERS]}` } }) },
      ],
    });
    await app.close();
    await connection.close();
    // Closed connections have flushed their statistics.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rowsWritten = await deviceHealthWrites(database.url);
    const results = {
      measuredAt: new Date().toISOString(),
      database: 'postgres',
      cpus: os.cpus().length,
      loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
      readers: READERS,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      heartbeats: result.requests.total,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors + result.non2xx,
      deviceHealthRowsWritten: rowsWritten,
      note: 'at most one write per reader per 20 s window: within 10 s, one row per reader',
    };
    console.log(JSON.stringify(results));
    writeResult('heartbeat.json', results);
  } finally {
    await app.close().catch(() => undefined);
    await database.drop();
  }
}

await main();
