// POST /api/access/qr decisions per second and p99 on real PostgreSQL with 100,000 active codes,
// side by side with a bare Fastify route doing one indexed SELECT on qr_codes by token_hash.
// Scenario "decision": codes outside their weekly window, the full path (device key, lookup,
// zone-aware decision, relay log) without any relay. Scenario "grant": codes open now, the relay
// on the in-process simulator; its own duration (from the relay logs) is reported beside it.
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/access-qr.bench.ts
import crypto from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { sha256Hex } from '../server/crypto/keys';
import { connectPostgres } from '../server/db/connect';
import { devices } from '../server/db/schema';
import { testConfig } from '../server/test-support/test-app';
import { RelaySimulator } from '../tools/relay-simulator/relay-simulator';
import { benchDatabase, writeResult } from './dashboard-bench-support';

const CODES = Number(process.env.BENCH_CODES ?? 100_000);
const GRANT_CODES = 2_000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const WARM_UP_S = 3;

/** One resident, 1,000 visitors and the codes: weekly windows that never include now, plus some open now. */
async function seed(db: Awaited<ReturnType<typeof connectPostgres>>['orm']) {
  await db.execute(sql`
    with p as (insert into properties (property_name, property_location) values ('Bench Towers', '1 Bench St') returning id),
    u as (insert into users (first_name, last_name, email, role, property_id)
          select 'Bench', 'Resident', 'bench@example.com', 'resident', id from p returning id, property_id)
    insert into visitors (first_name, last_name, email, property_id, created_by)
    select 'Visitor', n::text, 'visitor' || n || '@example.com', u.property_id, u.id from u, generate_series(1, 1000) n`);
  // A window of one minute a week at Sunday 03:33 never includes a run of this benchmark by chance
  // unless it runs then; the decision is still fully evaluated.
  await db.execute(sql`
    insert into qr_codes (visitor_id, property_id, created_by, token_hash, qr_first_name, qr_last_name, qr_type,
                          start_date, end_date, recurring_days)
    select v.id, v.property_id, v.created_by, encode(sha256(('bench-token-' || n)::bytea), 'hex'), 'Visitor', n::text,
           case when n <= ${GRANT_CODES} then 'betweenDates' else 'weekdays' end,
           now() - interval '1 day', null,
           case when n <= ${GRANT_CODES} then '[]'::jsonb
                else '[{"_id":"a","day":"Sunday","startTime":"03:33","endTime":"03:33"}]'::jsonb end
    from generate_series(1, ${CODES}) n
    join lateral (select * from visitors order by id offset (n % 1000) limit 1) v on true`);
  await db.execute(sql`analyze`);
}

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

async function main() {
  const database = await benchDatabase('gatehouse_bench_access_qr');
  const connection = await connectPostgres(database.url, undefined, 'unbounded');
  const simulator = new RelaySimulator();
  const bare = Fastify();
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const app = await buildApp(testConfig({ logLevel: 'silent' }), connection);
  try {
    const seedStart = performance.now();
    await seed(connection.orm);
    const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
    const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
    const key = crypto.randomBytes(32).toString('base64url');
    const properties = (await connection.orm.execute(sql`select id from properties limit 1`)) as unknown as {
      rows: { id: string }[];
    };
    const propertyId = properties.rows[0].id;
    await connection.orm
      .insert(devices)
      .values({ propertyId, deviceName: 'Bench Gate', deviceIpAddress: relay.address, deviceKeyHash: sha256Hex(key) });

    bare.post('/bare', async (request) => {
      const { code } = request.body as { code: string };
      const { rows } = await pool.query('select id, start_date, end_date from qr_codes where token_hash = $1', [
        sha256Hex(code),
      ]);
      return { found: rows.length === 1 };
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

    const deniedToken = (i: number) => `bench-token-${GRANT_CODES + 1 + ((i * 7919) % (CODES - GRANT_CODES))}`;
    const grantedToken = (i: number) => `bench-token-${1 + (i % GRANT_CODES)}`;
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
      database: 'postgres',
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
    writeResult('access-qr.json', results);
    console.log('wrote bench/results/access-qr.json');
  } finally {
    await app.close();
    await bare.close();
    await pool.end();
    await simulator.close();
    await connection.close();
    await database.drop();
  }
}

await main();
