// What an API key costs per request against a session token: the same list (GET
// /api/visitor/get-all?limit=1) called N times one after another with each, in one process.
// A key is read from the database on every request (so a revoke holds everywhere at once), counted
// against its limit and its use written to the trail; a session token is read and its session
// touched. `npx tsx bench/api-key-check.bench.ts` (PGlite; DB_KIND=postgres DATABASE_URL=… for
// PostgreSQL). BENCH_REQUESTS=300.
import { bearer, createTestApp, seedProperty, seedUser } from '../test/support/test-app';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50Ms: +percentile(sorted, 0.5).toFixed(2), p95Ms: +percentile(sorted, 0.95).toFixed(2) };
};

async function main() {
  const t = await createTestApp();
  t.clock.set('2025-06-01T12:00:00Z');
  const property = await seedProperty(t.app);
  const manager = await seedUser(t.app, { role: 'admin', propertyId: property.id });
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/properties/${property.id}/api-keys`,
    headers: bearer(manager.token),
    payload: { name: 'Bench', scopes: ['visitors:read'] },
  });
  const key: string = created.json().key;
  const timed = async (token: string) => {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      // A new minute every 100 requests: the bench measures the check, not the key's limit.
      if (i % 100 === 0) t.clock.advance(61_000);
      const started = performance.now();
      const answer = await t.app.inject({ method: 'GET', url: '/api/visitor/get-all?limit=1', headers: bearer(token) });
      times.push(performance.now() - started);
      if (answer.statusCode !== 200) throw new Error(`answered ${answer.statusCode}: ${answer.body}`);
    }
    return summary(times.slice(20));
  };
  await timed(manager.token); // warm both paths once
  await timed(key);
  const session = await timed(manager.token);
  const apiKey = await timed(key);
  console.log(JSON.stringify({ requests: REQUESTS, db: process.env.DB_KIND ?? 'pglite', session, apiKey }, null, 2));
  await t.close();
}

await main();
