// Accounts benchmark: registering 1,000 invited users through the real HTTP API, one at
// a time and 50 at a time; the password-hashing cost (argon2id at OWASP's 19 MiB, paid once per user
// when the invitation is accepted) measured separately; keypad PIN decisions per second and latency.
// The server, the relay simulator and this client run in their own processes. PGlite by default;
// DATABASE_URL for PostgreSQL. `npx tsx bench/accounts.bench.ts` (BENCH_USERS, default 1000).
import fs from 'node:fs';
import path from 'node:path';
import { startGatehouse } from '../e2e/support/gatehouse-server';
import { startRelaySimulator } from '../e2e/support/relay-simulator';
import { ARGON2_MEMORY_KIB, hashPassword } from '../server/identity/passwords';

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const CONCURRENCY = 50;
const KEYPAD_REQUESTS = Number(process.env.BENCH_KEYPAD_REQUESTS ?? 2000);
const KEYPAD_CONCURRENCY = 10;
const WRONG_PIN_KEYPADS = 100;

async function json<T>(url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const round = (value: number) => Math.round(value * 100) / 100;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/** Runs `total` calls with `concurrency` workers; wall time, throughput and latency percentiles. */
async function timed(total: number, concurrency: number, run: (i: number) => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        const start = performance.now();
        await run(i);
        times.push(performance.now() - start);
      }
    }),
  );
  const wallMs = performance.now() - started;
  times.sort((a, b) => a - b);
  return {
    requests: total,
    concurrency,
    wallSeconds: round(wallMs / 1000),
    perSecond: round((total / wallMs) * 1000),
    p50Ms: round(percentile(times, 0.5)),
    p99Ms: round(percentile(times, 0.99)),
  };
}

async function hashingCost() {
  const samples = 5;
  const started = performance.now();
  for (let i = 0; i < samples; i++) await hashPassword(`bench-password-${i}`, ARGON2_MEMORY_KIB);
  return { argon2idMemoryKib: ARGON2_MEMORY_KIB, samples, msPerHash: round((performance.now() - started) / samples) };
}

async function main() {
  const simulator = await startRelaySimulator();
  const server = await startGatehouse({ LOG_LEVEL: 'warn', PASSWORD_HASH_MEMORY_KIB: String(ARGON2_MEMORY_KIB) });
  try {
    const base = server.baseURL;
    const { token } = await json<{ token: string }>(`${base}/api/resident/login`, {
      ...server.superadmin,
      userType: 'superadmin',
    });
    const property = await json<{ _id: string }>(
      `${base}/api/property/register`,
      { propertyName: 'Bench Accounts', propertyLocation: '6 Invite Lane', propertyFeatures: ['securepin'] },
      token,
    );
    const registeredIds: string[] = [];
    const register = (prefix: string) => async (i: number) => {
      const { _id } = await json<{ _id: string }>(
        `${base}/api/resident/register`,
        {
          firstName: 'Bench',
          lastName: `User ${i}`,
          email: `${prefix}.${i}@bench.example.com`,
          phoneNumber: '5551234567',
          role: 'resident',
          _id: property._id,
        },
        token,
      );
      registeredIds.push(_id);
    };
    const sequential = await timed(USERS, 1, register('seq'));
    const concurrent = await timed(USERS, CONCURRENCY, register('par'));

    const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
    const addKeypad = async (n: number) =>
      (
        await json<{ deviceKey: string }>(
          `${base}/api/device/register`,
          {
            deviceName: `Keypad ${n}`,
            deviceType: 'gate',
            deviceLabel: '',
            deviceIpAddress: relay.address,
            propertyId: property._id,
          },
          token,
        )
      ).deviceKey;
    // A keypad serves one person at a time: each concurrent caller has its own, so the right PINs in
    // flight at one keypad (each reserved as a possible failure until it is found) stay few.
    const grantKeys = await Promise.all(Array.from({ length: KEYPAD_CONCURRENCY }, (_, n) => addKeypad(n + 1)));
    const pins: string[] = [];
    for (const id of registeredIds.slice(0, 20)) {
      pins.push(
        (await json<{ securePin: string }>(`${base}/api/resident/refresh-secure-pin/${id}`, undefined, token))
          .securePin,
      );
    }
    const keypad = await timed(KEYPAD_REQUESTS, KEYPAD_CONCURRENCY, async (i) => {
      const answer = await json<{ granted: boolean }>(
        `${base}/api/access/pin`,
        { pin: pins[i % pins.length] },
        grantKeys[i % KEYPAD_CONCURRENCY],
      );
      if (!answer.granted) throw new Error('keypad refused a valid PIN');
    });
    // Wrong PINs never reach the relay; 4 per keypad stay under the lockout of 5.
    const refusalKeys = await Promise.all(
      Array.from({ length: WRONG_PIN_KEYPADS }, (_, n) => addKeypad(KEYPAD_CONCURRENCY + n + 1)),
    );
    const taken = new Set(pins);
    const wrongPin = ['284716', '395827', '406938', '517049', '628150'].find((pin) => !taken.has(pin))!;
    const keypadRefused = await timed(WRONG_PIN_KEYPADS * 4, KEYPAD_CONCURRENCY, async (i) => {
      const answer = await json<{ granted: boolean }>(
        `${base}/api/access/pin`,
        { pin: wrongPin },
        refusalKeys[i % WRONG_PIN_KEYPADS],
      );
      if (answer.granted) throw new Error('keypad granted a wrong PIN');
    });

    const result = {
      benchmark: 'accounts',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      registerUsers: { sequential, concurrent },
      passwordHashing: await hashingCost(),
      keypadGranted: keypad,
      keypadWrongPin: keypadRefused,
      note: 'Registration invites: no password is hashed at registration; each user pays one hash when accepting the invitation.',
    };
    fs.mkdirSync(path.resolve('bench/results'), { recursive: true });
    fs.writeFileSync(
      path.resolve(`bench/results/accounts-${result.database}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await server.stop();
    await simulator.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
