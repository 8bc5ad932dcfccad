// Server overhead of POST /api/device/trigger-relay: its latency minus the relay simulator's own
// latency, at 1 and at 50 concurrent callers on different gates. The server, the simulator and
// this client each run in their own process. PGlite by default; DATABASE_URL for PostgreSQL.
// `npx tsx bench/trigger-relay.bench.ts` (BENCH_REQUESTS per caller, default 200 / 20); writes
// bench/results/trigger-relay-<pglite|postgres>.json. Every attempt commits its relay log row, so on
// PostgreSQL the disk's commit flush is part of the overhead (see synchronousCommitFlushMs).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startGatehouse } from '../e2e/support/gatehouse-server';
import { startRelaySimulator } from '../e2e/support/relay-simulator';

const GATES = 50;
const SOLO_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const PER_CALLER = Math.max(5, Math.round(SOLO_REQUESTS / 10));
const agent = new http.Agent({ keepAlive: true, maxSockets: GATES * 2 });

function request(
  url: string,
  method: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(url, {
      method,
      agent,
      headers: {
        ...(payload ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function json<T>(url: string, method: string, body?: unknown, token?: string): Promise<T> {
  const answer = await request(url, method, body, token);
  if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text) as T;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** `callers` loops in parallel, caller i always on target i, `perCaller` timed calls each after warm-up. */
async function latencies(callers: number, perCaller: number, call: (i: number) => Promise<void>) {
  await Promise.all(Array.from({ length: callers }, (_, i) => call(i)));
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: callers }, async (_, i) => {
      for (let n = 0; n < perCaller; n++) {
        const start = performance.now();
        await call(i);
        times.push(performance.now() - start);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { requests: times.length, p50Ms: round(percentile(times, 0.5)), p99Ms: round(percentile(times, 0.99)) };
}

/** p50 of one durable single-row commit on this disk: the floor of any request that logs an attempt. */
async function commitFlushLatency(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('create table bench_commit_probe (id serial primary key, at timestamptz default now())');
  const times: number[] = [];
  for (let i = 0; i < 100; i++) {
    const start = performance.now();
    await client.query('insert into bench_commit_probe default values');
    times.push(performance.now() - start);
  }
  await client.query('drop table bench_commit_probe');
  await client.end();
  times.sort((a, b) => a - b);
  return { p50Ms: round(percentile(times, 0.5)), p99Ms: round(percentile(times, 0.99)) };
}

async function main() {
  const simulator = await startRelaySimulator();
  const server = await startGatehouse({ LOG_LEVEL: 'warn' });
  try {
    const base = server.baseURL;
    const { token } = await json<{ token: string }>(`${base}/api/resident/login`, 'POST', {
      ...server.superadmin,
      userType: 'superadmin',
    });
    const property = await json<{ _id: string }>(
      `${base}/api/property/register`,
      'POST',
      { propertyName: 'Bench Towers', propertyLocation: '1 Bench Street' },
      token,
    );
    const relays = await Promise.all(
      Array.from({ length: GATES }, () => simulator.addDevice({ protocol: 'shelly-gen1' })),
    );
    const gates: string[] = [];
    for (const [i, relay] of relays.entries()) {
      const device = await json<{ _id: string }>(
        `${base}/api/device/register`,
        'POST',
        { deviceName: `Gate ${i}`, deviceType: 'gate', deviceIpAddress: relay.address, propertyId: property._id },
        token,
      );
      gates.push(device._id);
    }

    const pulseDirect = async (i: number) => {
      const answer = await request(`http://${relays[i].address}/relay/0?turn=on&timer=1`, 'GET');
      if (answer.status !== 200) throw new Error(`simulator answered ${answer.status}`);
    };
    const trigger = async (i: number) => {
      const answer = await request(
        `${base}/api/device/trigger-relay`,
        'POST',
        { deviceId: gates[i], propertyId: property._id },
        token,
      );
      if (answer.status !== 200) throw new Error(`trigger-relay answered ${answer.status}: ${answer.text}`);
    };

    const results: Record<string, unknown> = {
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      cpus: os.cpus().length,
      loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
      note: 'overhead = trigger-relay latency minus the simulator relay latency at the same concurrency',
    };
    for (const [name, callers, perCaller] of [
      ['oneCaller', 1, SOLO_REQUESTS],
      ['fiftyCallers', GATES, PER_CALLER],
    ] as const) {
      const relay = await latencies(callers, perCaller, pulseDirect);
      const api = await latencies(callers, perCaller, trigger);
      results[name] = {
        callers,
        relayDirect: relay,
        triggerRelay: api,
        overheadP50Ms: round(api.p50Ms - relay.p50Ms),
        overheadP99Ms: round(api.p99Ms - relay.p99Ms),
      };
      console.log(name, JSON.stringify(results[name]));
    }
    if (server.databaseUrl) results.synchronousCommitFlushMs = await commitFlushLatency(server.databaseUrl);
    const file = path.join('bench', 'results', `trigger-relay-${results.database}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...results }, null, 2)}\n`);
    console.log(`wrote ${file}`);
  } finally {
    await server.stop();
    await simulator.stop();
    agent.destroy();
  }
}

await main();
