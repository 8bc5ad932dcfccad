// `npm run bench`: every benchmark, one after another so none measures another's load. Each writes
// its JSON under bench/results/. Most need real PostgreSQL: DATABASE_URL defaults to the local
// server (postgres://postgres@127.0.0.1:5432/postgres); each benchmark creates what it needs.
// `npm run bench -- relay-logs dashboard` runs only the named ones.
import { spawnSync } from 'node:child_process';
import os from 'node:os';

const BENCHMARKS = [
  'bundle-size',
  'trigger-relay',
  'mqtt-relay',
  'access-qr',
  'access-card',
  'heartbeat',
  'accounts',
  'login-burst',
  'admin-sign-in',
  'dashboard',
  'bulk-upload',
  'relay-logs',
  'gate-log-ids',
  'database-stall',
  'hostile-bodies',
  'cluster',
  'cold-start',
  'reader-camera',
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !BENCHMARKS.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${BENCHMARKS.join(', ')}`);
  process.exit(2);
}

const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' };
const failed: string[] = [];
for (const name of chosen.length ? chosen : BENCHMARKS) {
  console.log(
    `\n== ${name} (load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')})`,
  );
  const started = Date.now();
  const result = spawnSync('npx', ['tsx', `bench/${name}.bench.ts`], { stdio: 'inherit', env });
  console.log(
    `== ${name} ${result.status === 0 ? 'done' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  if (result.status !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
