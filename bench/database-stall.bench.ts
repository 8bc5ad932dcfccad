// How long answers take while PostgreSQL stalls (a TCP proxy in front of it stops forwarding bytes,
// closing nothing), and how soon they are good again once it resumes. One real Gatehouse process.
// `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/database-stall.bench.ts`
// writes bench/results/database-stall.json.
import { DATABASE_TIMEOUTS } from '../server/platform/db/postgres-settings';
import { startFreezableTcpProxy } from '../test/support/freezable-tcp-proxy';
import { freshPostgresDatabase, spawnGatehouse, TEST_SUPERADMIN } from '../test/support/gatehouse-process';
import { loadAverage, writeResult } from './dashboard-bench-support';

const GIVE_UP_MS = 60_000;

async function timed(path: string, body?: unknown): Promise<{ status: number | 'no answer'; ms: number }> {
  const started = performance.now();
  try {
    const answer = await fetch(`${baseURL}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(GIVE_UP_MS),
    });
    await answer.arrayBuffer();
    return { status: answer.status, ms: Math.round(performance.now() - started) };
  } catch {
    return { status: 'no answer', ms: Math.round(performance.now() - started) };
  }
}

const signIn = { email: TEST_SUPERADMIN.email, password: TEST_SUPERADMIN.password, userType: 'superadmin' };
const reset = { email: 'nobody@gatehouse.test' };
const calls = {
  livez: () => timed('/livez'),
  readyz: () => timed('/readyz'),
  healthz: () => timed('/healthz'),
  login: () => timed('/api/resident/login', signIn),
  requestPasswordReset: () => timed('/api/resident/request-password-reset', reset),
};

async function measureAll() {
  const results: Record<string, Awaited<ReturnType<typeof timed>>> = {};
  for (const [name, call] of Object.entries(calls)) results[name] = await call();
  return results;
}

let baseURL = '';

async function main() {
  const database = await freshPostgresDatabase('gatehouse_bench_stall');
  const server = new URL(database.url);
  const proxy = await startFreezableTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const throughProxy = new URL(database.url);
  throughProxy.host = `127.0.0.1:${proxy.port}`;
  const gatehouse = await spawnGatehouse({ databaseUrl: throughProxy.toString() });
  baseURL = gatehouse.baseURL;
  try {
    const healthy = await measureAll();
    proxy.freeze();
    const frozen = await measureAll();
    proxy.resume();
    const resumed = await measureAll();
    const result = {
      benchmark: 'database stall',
      timeouts: DATABASE_TIMEOUTS,
      at: new Date().toISOString(),
      loadAverageAtEnd: loadAverage(),
      healthy,
      frozen,
      resumed,
    };
    console.log(JSON.stringify(result, null, 2));
    writeResult('database-stall.json', result);
  } finally {
    await gatehouse.stop('SIGKILL');
    await proxy.close();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
