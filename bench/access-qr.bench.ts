// POST /api/access/qr decisions per second and p99 on real PostgreSQL with 100,000 active codes,
// side by side with a bare Fastify route doing one indexed SELECT on qr_codes by token_hash.
// Scenario "decision": codes outside their weekly window, the full path (device key, lookup,
// zone-aware decision, relay log) without any relay. Scenario "grant": codes open now, the relay
// on the in-process simulator; its own duration (from the relay logs) is reported beside it.
// Seeded like the cluster test (server/test-support/cluster-seed.ts).
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/access-qr.bench.ts
// BENCH_DATABASE=pglite: the same on the embedded database (in memory), results in access-qr-pglite.json.
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { sha256Hex } from '../server/crypto/keys';
import { connectPglite, connectPostgres, type Database } from '../server/db/connect';
import { seedClusterProperty } from '../server/test-support/cluster-seed';
import { testConfig } from '../server/test-support/test-app';
import { RelaySimulator } from '../tools/relay-simulator/relay-simulator';
import { benchDatabase, writeResult } from './dashboard-bench-support';

const CODES = Number(process.env.BENCH_CODES ?? 100_000);
const GRANT_CODES = 2_000;
const ON_PGLITE = process.env.BENCH_DATABASE === 'pglite';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const WARM_UP_S = 3;

function load(
  url: string,
  body: (i: number) => string,
  headers: Record<string, string>,
  duration = DURATION_S,
  connections = CONNECTIONS,
) {
  let i = 0;
  return autocannon({
    url,
    method: 'POST',
    connections,
    duration,
    headers: { 'content-type': 'application/json', ...headers },
    requests: [{ setupRequest: (request) => ({ ...request, body: body(i++) }) }],
  });
}

const summary = (result: autocannon.Result) => ({
  requestsPerSecond: Math.round(result.requests.average),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors + result.non2xx,
});

/** The bench's own PostgreSQL database, or an in-memory PGlite one; plus a bare indexed SELECT on it. */
async function openDatabase(): Promise<{
  connection: Database;
  select: (hash: string) => Promise<number>;
  drop: () => Promise<void>;
}> {
  if (ON_PGLITE) {
    const connection = await connectPglite();
    const select = async (hash: string) => {
      const answer = (await connection.orm.execute(
        sql`select id, start_date, end_date from qr_codes where token_hash = ${hash}`,
      )) as unknown as { rows: unknown[] };
      return answer.rows.length;
    };
    return { connection, select, drop: async () => {} };
  }
  const database = await benchDatabase(`gatehouse_bench_access_qr_${process.pid}`);
  const connection = await connectPostgres(database.url, undefined, 'unbounded');
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const select = async (hash: string) => {
    const { rows } = await pool.query('select id, start_date, end_date from qr_codes where token_hash = $1', [hash]);
    return rows.length;
  };
  return {
    connection,
    select,
    drop: async () => {
      await pool.end();
      await database.drop();
    },
  };
}

async function main() {
  const { connection, select, drop } = await openDatabase();
  const simulator = new RelaySimulator();
  const bare = Fastify();
  const app = await buildApp(testConfig({ logLevel: 'silent' }), connection);
  try {
    const seedStart = performance.now();
    const [gate] = await seedClusterProperty(connection.orm, simulator, {
      codes: CODES,
      openCodes: GRANT_CODES,
      gates: 1,
    });
    const key = gate.key;
    const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;

    bare.post('/bare', async (request) => {
      const { code } = request.body as { code: string };
      return { found: (await select(sha256Hex(code))) === 1 };
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

    const deniedToken = (i: number) => `closed-${1 + ((i * 7919) % CODES)}`;
    const grantedToken = (i: number) => `open-${1 + (i % GRANT_CODES)}`;
    const asBody = (token: string) => JSON.stringify({ code: token });

    // Untimed warm-up of both servers (JIT, connection pools, buffer cache) before any measurement.
    await load(`${bareUrl}/bare`, (i) => asBody(deniedToken(i)), {}, WARM_UP_S);
    await load(`${appUrl}/api/access/qr`, (i) => asBody(deniedToken(i)), { authorization: `Bearer ${key}` }, WARM_UP_S);
    const bareResult = summary(await load(`${bareUrl}/bare`, (i) => asBody(deniedToken(i)), {}));
    console.log('bare SELECT', JSON.stringify(bareResult));
    const decision = summary(
      await load(`${appUrl}/api/access/qr`, (i) => asBody(deniedToken(i)), { authorization: `Bearer ${key}` }),
    );
    console.log('access/qr decision', JSON.stringify(decision));
    const scanner = { authorization: `Bearer ${key}` };
    const bareOneCaller = summary(await load(`${bareUrl}/bare`, (i) => asBody(deniedToken(i)), {}, DURATION_S, 1));
    const decisionOneCaller = summary(
      await load(`${appUrl}/api/access/qr`, (i) => asBody(deniedToken(i)), scanner, DURATION_S, 1),
    );
    console.log('one caller: bare', JSON.stringify(bareOneCaller), 'decision', JSON.stringify(decisionOneCaller));
    const grant = summary(
      await load(`${appUrl}/api/access/qr`, (i) => asBody(grantedToken(i)), { authorization: `Bearer ${key}` }),
    );
    const relayQuery = sql`
      select percentile_cont(0.5) within group (order by total_duration_ms) p50,
             percentile_cont(0.99) within group (order by total_duration_ms) p99
      from relay_logs where status = 'success'`;
    const relayAnswer = (await connection.orm.execute(relayQuery)) as unknown as {
      rows: { p50: number; p99: number }[];
    };
    const relayTimes = relayAnswer.rows[0];
    console.log('access/qr grant', JSON.stringify(grant), 'relay', JSON.stringify(relayTimes));

    const results = {
      measuredAt: new Date().toISOString(),
      database: ON_PGLITE ? 'pglite' : 'postgres',
      cpus: os.cpus().length,
      loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
      activeCodes: CODES,
      seedSeconds,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      bareIndexedSelect: bareResult,
      oneCaller: { bareIndexedSelect: bareOneCaller, accessQrDecision: decisionOneCaller },
      accessQrDecision: {
        ...decision,
        throughputVsBare: Math.round((decision.requestsPerSecond / bareResult.requestsPerSecond) * 100) / 100,
      },
      accessQrGrantWithRelay: {
        ...grant,
        relayDurationMs: relayTimes,
        note: 'one gate: concurrent grants join the pulse in flight',
      },
      targets: { throughputVsBare: 0.5, p99Ms: 10 },
    };
    const file = ON_PGLITE ? 'access-qr-pglite.json' : 'access-qr.json';
    writeResult(file, results);
    console.log(`wrote bench/results/${file}`);
  } finally {
    await app.close();
    await bare.close();
    await simulator.close();
    await connection.close();
    await drop();
  }
}

await main();
