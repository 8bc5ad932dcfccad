// Gate decisions per second through HAProxy (deploy/haproxy.cfg) with three Gatehouse processes
// on one PostgreSQL, against the same path with one process (all three upstreams pointing at it),
// in the same run. Refused codes, so every request is a full decision and a log row, no relay.
// `npx tsx bench/cluster.bench.ts` (DATABASE_URL, default the local server). BENCH_SECONDS=10.
import os from 'node:os';
import autocannon from 'autocannon';
import { connectPostgres } from '../server/platform/db/connect';
import { seedClusterProperty } from '../test/support/cluster-seed';
import { startHaproxy } from '../test/support/haproxy';
import { RelaySimulator } from '../tools/relay-simulator/relay-simulator';
import { benchDatabase, writeResult } from './dashboard-bench-support';
import { spawnProductionGatehouse } from './production-server';

const CODES = 20_000;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

async function decisionsThrough(baseURL: string, key: string) {
  let i = 0;
  const result = await autocannon({
    url: `${baseURL}/api/access/qr`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    requests: [
      { setupRequest: (request) => ({ ...request, body: JSON.stringify({ code: `closed-${1 + (i++ % CODES)}` }) }) },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const database = await benchDatabase('gatehouse_bench_cluster');
  const simulator = new RelaySimulator();
  const processes = [await spawnProductionGatehouse({ databaseUrl: database.url })];
  processes.push(...(await Promise.all([1, 2].map(() => spawnProductionGatehouse({ databaseUrl: database.url })))));
  const seeding = await connectPostgres(database.url, 2);
  try {
    const [gate] = await seedClusterProperty(seeding.orm, simulator, { codes: CODES, gates: 1 });
    const upstreams = processes.map((process) => `127.0.0.1:${process.port}`);
    const single = await startHaproxy([upstreams[0], upstreams[0], upstreams[0]]);
    await decisionsThrough(single.baseURL, gate.key); // warm-up
    const one = await decisionsThrough(single.baseURL, gate.key);
    await single.stop();
    const trio = await startHaproxy(upstreams);
    await decisionsThrough(trio.baseURL, gate.key); // warm-up
    const three = await decisionsThrough(trio.baseURL, gate.key);
    await trio.stop();
    const results = {
      measuredAt: new Date().toISOString(),
      cpus: os.cpus().length,
      loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      oneProcess: one,
      threeProcesses: three,
      ratio: Math.round((three.requestsPerSecond / one.requestsPerSecond) * 100) / 100,
    };
    console.log(results);
    writeResult('cluster.json', results);
  } finally {
    await Promise.all(processes.map((process) => process.stop()));
    await seeding.close();
    await simulator.close();
    await database.drop();
  }
}

await main();
