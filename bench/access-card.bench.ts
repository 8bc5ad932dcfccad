// POST /api/access/card decisions per second and p99, the sibling of access-qr.bench.ts.
// A property with RFID and BENCH_CARDS enrolled cards (26-bit, facility 1) plus as many disabled
// ones (facility 2). Scenario "refusal": disabled cards, the full path (device key, normalising,
// HMAC lookup with the holder, relay log) without any relay. Scenario "grant": enabled cards, the
// relay on the in-process simulator (one gate, so concurrent grants join the pulse in flight).
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/access-card.bench.ts
// BENCH_DATABASE=pglite: the same on the embedded database (in memory), results in access-card-pglite.json.
import os from 'node:os';
import { parseCardNumber } from '@core/cards/card-number';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app/app';
import { cardLookupHash } from '../server/gate-credentials/card-number-hash';
import { cards } from '../server/gate-credentials/card-tables';
import { connectPglite, connectPostgres, type Database } from '../server/platform/db/connect';
import { rowsOf } from '../server/platform/db/rows';
import { seedClusterProperty } from '../test/support/cluster-seed';
import { testConfig } from '../test/support/test-app';
import { RelaySimulator } from '../tools/relay-simulator/relay-simulator';
import { benchDatabase, writeResult } from './dashboard-bench-support';

const CARDS = Math.min(Number(process.env.BENCH_CARDS ?? 20_000), 65_535);
const ON_PGLITE = process.env.BENCH_DATABASE === 'pglite';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const WARM_UP_S = 3;

function load(url: string, card: (i: number) => string, key: string, duration: number, connections = CONNECTIONS) {
  let i = 0;
  return autocannon({
    url,
    method: 'POST',
    connections,
    duration,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ card: card(i++) }) }) }],
  });
}

const summary = (result: autocannon.Result) => ({
  requestsPerSecond: Math.round(result.requests.average),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors + result.non2xx,
});

async function openDatabase(): Promise<{ connection: Database; drop: () => Promise<void> }> {
  if (ON_PGLITE) return { connection: await connectPglite(), drop: async () => {} };
  const database = await benchDatabase(`gatehouse_bench_access_card_${process.pid}`);
  return { connection: await connectPostgres(database.url, undefined, 'unbounded'), drop: database.drop };
}

async function main() {
  const { connection, drop } = await openDatabase();
  const simulator = new RelaySimulator();
  const config = testConfig({ logLevel: 'silent' });
  const app = await buildApp(config, connection);
  try {
    const [gate] = await seedClusterProperty(connection.orm, simulator, { codes: 1, gates: 1 });
    const [{ id: propertyId }] = rowsOf<{ id: string }>(
      await connection.orm.execute(sql`update properties set property_features = '{qr,rfid}' returning id`),
    );
    const [{ id: userId }] = rowsOf<{ id: string }>(await connection.orm.execute(sql`select id from users limit 1`));
    for (const facility of [1, 2]) {
      for (let start = 1; start <= CARDS; start += 1000) {
        const rows = Array.from({ length: Math.min(1000, CARDS - start + 1) }, (_, j) => {
          const parsed = parseCardNumber(`${facility}:${start + j}`);
          if (!parsed.ok) throw new Error(parsed.message);
          return {
            propertyId,
            userId,
            lookupHash: cardLookupHash(config.secret, propertyId, parsed.value),
            hint: String(start + j),
            enabled: facility === 1,
          };
        });
        await connection.orm.insert(cards).values(rows);
      }
    }
    await connection.orm.execute(sql`analyze`);
    const appUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/access/card`;
    const disabledCard = (i: number) => `2:${1 + ((i * 7919) % CARDS)}`;
    // Reported as the raw 24-bit number, so normalisation is on the measured path too.
    const enabledCard = (i: number) => String(65_536 + 1 + (i % CARDS));

    await load(appUrl, disabledCard, gate.key, WARM_UP_S);
    const refusal = summary(await load(appUrl, disabledCard, gate.key, DURATION_S));
    console.log('access/card refusal', JSON.stringify(refusal));
    const refusalOneCaller = summary(await load(appUrl, disabledCard, gate.key, DURATION_S, 1));
    console.log('access/card refusal, one caller', JSON.stringify(refusalOneCaller));
    const grant = summary(await load(appUrl, enabledCard, gate.key, DURATION_S));
    console.log('access/card grant', JSON.stringify(grant));

    const results = {
      measuredAt: new Date().toISOString(),
      database: ON_PGLITE ? 'pglite' : 'postgres',
      cpus: os.cpus().length,
      loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
      enrolledCards: CARDS * 2,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      accessCardRefusal: refusal,
      oneCaller: { accessCardRefusal: refusalOneCaller },
      accessCardGrantWithRelay: { ...grant, note: 'one gate: concurrent grants join the pulse in flight' },
    };
    const file = ON_PGLITE ? 'access-card-pglite.json' : 'access-card.json';
    writeResult(file, results);
    console.log(`wrote bench/results/${file}`);
  } finally {
    await app.close();
    await simulator.close();
    await connection.close();
    await drop();
  }
}

await main();
