// POST /api/access/qr decisions per second, p99 and the CPU per request, with 100,000 active
// codes, side by side with a bare Fastify route doing one indexed SELECT on qr_codes by token_hash.
// Each server runs in its own process (Gatehouse compiled and configured as in production,
// bench/production-server.ts; the bare route as bench/bare-select-server.ts) and the load comes
// from this one, so the load generator takes no CPU from either server's share. CPU per request
// (each server, PostgreSQL, the load generator) is read from /proc (Linux).
// Scenario "decision": codes outside their weekly window, the full path (device key, lookup,
// zone-aware decision, relay log) without any relay. Scenario "grant": codes open now, the relay
// on the relay simulator in this process; its own duration (from the relay logs) is reported beside it.
// Bare and decision runs alternate BENCH_PAIRS times (5): the pair with the median ratio is
// reported, and every pair is listed. Seeded like the cluster test (test/support/cluster-seed.ts).
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/access-qr.bench.ts
// BENCH_DATABASE=pglite: the same on the embedded database (a data dir, copied for the bare
// route), results in access-qr-pglite.json.
// BENCH_SCENARIO=grant: only the grant scenario, BENCH_PAIRS runs after a warm-up, the median
// reported (access-qr-grant.json, access-qr-grant-pglite.json): the gate path of an opening.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { connectPglite, connectPostgres, type Database } from '../server/platform/db/connect';
import { seedClusterProperty } from '../test/support/cluster-seed';
import type { GatehouseProcess } from '../test/support/gatehouse-process';
import { RelaySimulator } from '../tools/relay-simulator/relay-simulator';
import { benchDatabase, writeResult } from './dashboard-bench-support';
import { cpuSeconds, machineTicks, postgresCpuSeconds } from './proc-cpu';
import { spawnProductionGatehouse } from './production-server';

const CODES = Number(process.env.BENCH_CODES ?? 100_000);
const GRANT_CODES = 2_000;
const ON_PGLITE = process.env.BENCH_DATABASE === 'pglite';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const WARM_UP_S = 3;
/** Bare and decision runs taken in turn; this machine's speed drifts by a third within minutes. */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const GRANT_ONLY = process.env.BENCH_SCENARIO === 'grant';

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

type Measured = Awaited<ReturnType<typeof measure>>;

/**
 * Load on one server, with its throughput, latency, and the CPU microseconds per request of the
 * server, of PostgreSQL and of the load generator. Their sum is what one request costs the whole
 * machine, which the hypervisor's stolen time (reported) does not skew the way it skews throughput.
 */
async function measure(run: () => Promise<autocannon.Result>, pid: number | undefined) {
  const cpuBefore = cpuSeconds(pid);
  const postgresBefore = ON_PGLITE ? 0 : postgresCpuSeconds();
  const loadBefore = process.cpuUsage();
  const ticksBefore = machineTicks();
  const result = await run();
  const cpuAfter = cpuSeconds(pid);
  const perRequest = (seconds: number) => Math.round((seconds * 1e6) / result.requests.total);
  const load = process.cpuUsage(loadBefore);
  const ticksAfter = machineTicks();
  const server = cpuBefore === null || cpuAfter === null ? null : perRequest(cpuAfter - cpuBefore);
  const database = ON_PGLITE ? 0 : perRequest(postgresCpuSeconds() - postgresBefore);
  const loadGenerator = perRequest((load.user + load.system) / 1e6);
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    serverCpuMicrosecondsPerRequest: server,
    postgresCpuMicrosecondsPerRequest: ON_PGLITE ? null : database,
    loadGeneratorCpuMicrosecondsPerRequest: loadGenerator,
    machineCpuMicrosecondsPerRequest: server === null ? null : server + database + loadGenerator,
    stolenCpuPercent:
      ticksBefore && ticksAfter
        ? Math.round(((ticksAfter.stolen - ticksBefore.stolen) * 100) / Math.max(1, ticksAfter.all - ticksBefore.all))
        : null,
  };
}

/** The bare route's process; resolves with its URL once it listens. */
async function startBare(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-select-server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

interface Servers {
  gatehouse: GatehouseProcess;
  bare: { url: string; child: ChildProcess };
  /** The database, for reading the relay logs once the servers are done. */
  logs: () => Promise<Database>;
  key: string;
  seedSeconds: number;
  stop: () => Promise<void>;
}

async function seed(orm: Database['orm'], simulator: RelaySimulator) {
  const seedStart = performance.now();
  const [gate] = await seedClusterProperty(orm, simulator, { codes: CODES, openCodes: GRANT_CODES, gates: 1 });
  return { key: gate.key, seedSeconds: Math.round((performance.now() - seedStart) / 100) / 10 };
}

/** PostgreSQL: the bench's own database, seeded, with both servers on it. */
async function onPostgres(simulator: RelaySimulator): Promise<Servers> {
  const database = await benchDatabase(`gatehouse_bench_access_qr_${process.pid}`);
  const gatehouse = await spawnProductionGatehouse({ databaseUrl: database.url });
  const connection = await connectPostgres(database.url, 2, 'unbounded');
  const seeded = await seed(connection.orm, simulator).catch(async (error) => {
    await gatehouse.stop();
    throw error;
  });
  const { key, seedSeconds } = seeded;
  const bare = await startBare({ BARE_DATABASE_URL: database.url });
  return {
    gatehouse,
    bare,
    key,
    seedSeconds,
    logs: async () => connection,
    stop: async () => {
      bare.child.kill();
      await gatehouse.stop();
      await connection.close();
      await database.drop();
    },
  };
}

/** PGlite: a data dir seeded here, then Gatehouse on it and the bare route on a copy. */
async function onPglite(simulator: RelaySimulator): Promise<Servers> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-bench-'));
  const bareDir = `${dataDir}-bare`;
  const seeding = await connectPglite(dataDir);
  const { key, seedSeconds } = await seed(seeding.orm, simulator);
  await seeding.close();
  fs.cpSync(dataDir, bareDir, { recursive: true });
  const gatehouse = await spawnProductionGatehouse({ dataDir });
  const bare = await startBare({ BARE_PGLITE_DIR: bareDir });
  let reading: Database | undefined;
  return {
    gatehouse,
    bare,
    key,
    seedSeconds,
    logs: async () => {
      bare.child.kill();
      await gatehouse.stop();
      reading = await connectPglite(dataDir);
      return reading;
    },
    stop: async () => {
      bare.child.kill();
      await gatehouse.stop();
      await reading?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(bareDir, { recursive: true, force: true });
    },
  };
}

async function relayDurations(servers: Servers) {
  const relayQuery = sql`
    select percentile_cont(0.5) within group (order by total_duration_ms) p50,
           percentile_cont(0.99) within group (order by total_duration_ms) p99
    from relay_logs where status = 'success'`;
  const relayAnswer = (await (await servers.logs()).orm.execute(relayQuery)) as unknown as {
    rows: { p50: number; p99: number }[];
  };
  return relayAnswer.rows[0];
}

/** BENCH_SCENARIO=grant: a warm-up, then PAIRS grant runs; the median by throughput is reported. */
async function grantRuns(servers: Servers, run: () => Promise<Measured>) {
  await run();
  const runs: Measured[] = [];
  for (let n = 0; n < PAIRS; n++) {
    runs.push(await run());
    console.log('access/qr grant', JSON.stringify(runs[n]));
  }
  const median = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)];
  const file = ON_PGLITE ? 'access-qr-grant-pglite.json' : 'access-qr-grant.json';
  writeResult(file, {
    measuredAt: new Date().toISOString(),
    database: ON_PGLITE ? 'pglite' : 'postgres',
    cpus: os.cpus().length,
    loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    runs: runs.map(({ requestsPerSecond, p50Ms, p99Ms, serverCpuMicrosecondsPerRequest, errors }) => ({
      requestsPerSecond,
      p50Ms,
      p99Ms,
      serverCpuMicrosecondsPerRequest,
      errors,
    })),
    accessQrGrantWithRelay: { ...median, relayDurationMs: await relayDurations(servers) },
  });
  console.log(`wrote bench/results/${file}`);
}

async function main() {
  const simulator = new RelaySimulator();
  const servers = ON_PGLITE ? await onPglite(simulator) : await onPostgres(simulator);
  try {
    const { gatehouse, bare, key } = servers;
    const bareUrl = `${bare.url}/bare`;
    const appUrl = `${gatehouse.baseURL}/api/access/qr`;
    const scanner = { authorization: `Bearer ${key}` };
    const deniedToken = (i: number) => `closed-${1 + ((i * 7919) % CODES)}`;
    const grantedToken = (i: number) => `open-${1 + (i % GRANT_CODES)}`;
    const asBody = (token: string) => JSON.stringify({ code: token });
    const onBare = (duration: number, connections = CONNECTIONS) =>
      measure(() => load(bareUrl, (i) => asBody(deniedToken(i)), {}, duration, connections), bare.child.pid);
    const onGatehouse = (token: (i: number) => string, duration: number, connections = CONNECTIONS) =>
      measure(() => load(appUrl, (i) => asBody(token(i)), scanner, duration, connections), gatehouse.child.pid);

    if (GRANT_ONLY) return await grantRuns(servers, () => onGatehouse(grantedToken, DURATION_S));
    // Untimed warm-up of both servers (JIT, connection pools, buffer cache) before any measurement.
    await onBare(WARM_UP_S);
    await onGatehouse(deniedToken, WARM_UP_S);
    const pairs: { bare: Measured; decision: Measured }[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      const bareRun = await onBare(DURATION_S);
      const decisionRun = await onGatehouse(deniedToken, DURATION_S);
      console.log('bare SELECT', JSON.stringify(bareRun), 'access/qr decision', JSON.stringify(decisionRun));
      pairs.push({ bare: bareRun, decision: decisionRun });
    }
    // The pair with the median ratio: both of its runs met the machine in the same state.
    const ratioOf = (pair: (typeof pairs)[number]) => pair.decision.requestsPerSecond / pair.bare.requestsPerSecond;
    const machineCpuRatioOf = ({ bare, decision }: (typeof pairs)[number]) =>
      bare.machineCpuMicrosecondsPerRequest && decision.machineCpuMicrosecondsPerRequest
        ? Math.round((bare.machineCpuMicrosecondsPerRequest / decision.machineCpuMicrosecondsPerRequest) * 100) / 100
        : null;
    const median = [...pairs].sort((a, b) => ratioOf(a) - ratioOf(b))[Math.floor(pairs.length / 2)];
    const { bare: bareResult, decision } = median;
    const bareOneCaller = await onBare(DURATION_S, 1);
    const decisionOneCaller = await onGatehouse(deniedToken, DURATION_S, 1);
    console.log('one caller: bare', JSON.stringify(bareOneCaller), 'decision', JSON.stringify(decisionOneCaller));
    const grant = await onGatehouse(grantedToken, DURATION_S);
    const relayTimes = await relayDurations(servers);
    console.log('access/qr grant', JSON.stringify(grant), 'relay', JSON.stringify(relayTimes));

    const results = {
      measuredAt: new Date().toISOString(),
      database: ON_PGLITE ? 'pglite' : 'postgres',
      setup: 'each server in its own process, load from a third',
      cpus: os.cpus().length,
      loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
      activeCodes: CODES,
      seedSeconds: servers.seedSeconds,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      bareIndexedSelect: bareResult,
      oneCaller: { bareIndexedSelect: bareOneCaller, accessQrDecision: decisionOneCaller },
      pairs: pairs.map((pair) => ({
        bareRequestsPerSecond: pair.bare.requestsPerSecond,
        decisionRequestsPerSecond: pair.decision.requestsPerSecond,
        decisionP99Ms: pair.decision.p99Ms,
        throughputVsBare: Math.round(ratioOf(pair) * 100) / 100,
        machineCpuVsBare: machineCpuRatioOf(pair),
        stolenCpuPercent: [pair.bare.stolenCpuPercent, pair.decision.stolenCpuPercent],
      })),
      accessQrDecision: {
        ...decision,
        throughputVsBare: Math.round((decision.requestsPerSecond / bareResult.requestsPerSecond) * 100) / 100,
        // How much of the machine a bare request takes next to a decision: the throughput ratio a
        // quiet machine saturated by both would show.
        machineCpuVsBare: machineCpuRatioOf(median),
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
    await servers.stop();
    await simulator.close();
  }
}

await main();
