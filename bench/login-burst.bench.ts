// 50 people signing in at the same moment, each their own account and address, at
// production strength (argon2id, 19 MiB), against a real Gatehouse process behind nothing.
// The first burst meets a server that has just started (code not yet optimised, caches empty) and is
// reported apart; the percentiles are over the rounds after it.
// `npx tsx bench/login-burst.bench.ts` (PGlite; DATABASE_URL for PostgreSQL). BENCH_ROUNDS=5.
import fs from 'node:fs';
import path from 'node:path';
import { startGatehouse } from '../e2e/support/gatehouse-server';
import { users } from '../server/accounts/account-tables';
import { ARGON2_MEMORY_KIB, hashPassword } from '../server/identity/passwords';

const PEOPLE = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PASSWORD = 'burst-password-123';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

async function main() {
  const passwordHash = await hashPassword(PASSWORD, ARGON2_MEMORY_KIB);
  const emails = Array.from({ length: PEOPLE }, (_, i) => `burst-${i}@bench.test`);
  const server = await startGatehouse(
    { LOG_LEVEL: 'warn', PASSWORD_HASH_MEMORY_KIB: String(ARGON2_MEMORY_KIB), TRUST_PROXY: '127.0.0.1' },
    {
      seed: async (orm) => {
        await orm.insert(users).values(
          emails.map((email) => ({
            firstName: 'Burst',
            lastName: 'Person',
            email,
            role: 'resident' as const,
            passwordHash,
          })),
        );
      },
    },
  );
  try {
    let failures = 0;
    const burst = async (round: number) => {
      const times = await Promise.all(
        emails.map(async (email, i) => {
          const started = performance.now();
          const answer = await fetch(`${server.baseURL}/api/resident/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.50.${round}.${i + 1}` },
            body: JSON.stringify({ email, password: PASSWORD, userType: 'resident' }),
          });
          await answer.text();
          if (answer.status !== 200) failures++;
          return performance.now() - started;
        }),
      );
      return times.sort((a, b) => a - b);
    };
    const first = await burst(0);
    const times: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) times.push(...(await burst(round)));
    times.sort((a, b) => a - b);
    const result = {
      measuredAt: new Date().toISOString(),
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      people: PEOPLE,
      rounds: ROUNDS,
      hash: `argon2id m=${ARGON2_MEMORY_KIB} KiB t=2 p=1`,
      failures,
      firstBurstAfterStart: { p50Ms: Math.round(percentile(first, 0.5)), maxMs: Math.round(first.at(-1)!) },
      p50Ms: Math.round(percentile(times, 0.5)),
      p99Ms: Math.round(percentile(times, 0.99)),
      maxMs: Math.round(times.at(-1)!),
    };
    console.log(result);
    fs.mkdirSync('bench/results', { recursive: true });
    const file = process.env.DATABASE_URL ? 'login-burst-postgres.json' : 'login-burst.json';
    fs.writeFileSync(path.join('bench/results', file), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await server.stop();
  }
}

await main();
