// Before against after under the same load: p50/p95 of the dashboard list URLs of
// dashboard.bench.ts on its kept database (run that once with BENCH_KEEP=1), through whichever
// checkout runs this file. Run it alternately from the old and the new checkout, so both see the
// machine's load of the same minutes (other work shares its 2 cores).
// `DATABASE_URL=postgres://... BENCH_DB_SUFFIX=_x BENCH_OUT=name npx tsx bench/dashboard-ab.bench.ts`
// Pages by cursor are timed only where the API gives one (pagination.nextCursor).
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app/app';
import { signInUser } from '../server/identity/sign-in';
import { connectPostgres } from '../server/platform/db/connect';
import { rowsOf } from '../server/platform/db/rows';
import { testConfig } from '../test/support/test-app';
import { loadAverage, timeCalls, writeResult } from './dashboard-bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const OUT = process.env.BENCH_OUT ?? 'dashboard-ab';

async function main() {
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/gatehouse_bench_dashboard${process.env.BENCH_DB_SUFFIX ?? ''}`;
  const database = await connectPostgres(url.toString(), 10, 'unbounded');
  const app = await buildApp(testConfig({ logLevel: 'silent' }), database);
  await app.ready();
  const [root] = rowsOf<{ id: string }>(
    await database.orm.execute(sql`select id from users where email = 'root@bench.example.com'`),
  );
  const [property7] = rowsOf<{ id: string }>(
    await database.orm.execute(sql`select id from properties where property_name = 'Property 7'`),
  );
  const token = await signInUser(app, root.id, { userAgent: 'benchmark', address: '127.0.0.1' }, 'password');
  const get = async (path: string) => {
    const answer = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode} ${answer.body}`);
    return answer.json() as { pagination: { totalItems: number; totalExact: boolean; nextCursor?: string | null } };
  };
  const scenarios: Record<string, { path: string; keysetPage?: number }> = {
    searchCommonSurname: { path: '/api/resident/get-all?search=hopper' },
    searchOnePerson: { path: '/api/resident/get-all?search=hopper.4217' },
    searchNameAndSurname: { path: '/api/resident/get-all?search=grace%20liskov' },
    searchEveryEmail: { path: '/api/resident/get-all?search=example' },
    searchTwoLetters: { path: '/api/resident/get-all?search=ad' },
    propertyFilter: { path: `/api/resident/get-all?property=${property7.id}` },
    propertyFilterPage50: { path: `/api/resident/get-all?property=${property7.id}&page=50` },
    propertyFilterPage50Keyset: { path: `/api/resident/get-all?property=${property7.id}`, keysetPage: 50 },
    page100: { path: '/api/resident/get-all?page=100' },
    page100Keyset: { path: '/api/resident/get-all?', keysetPage: 100 },
    searchNameAndSurnamePage20: { path: '/api/resident/get-all?search=grace%20liskov&page=20' },
    searchNameAndSurnamePage20Keyset: { path: '/api/resident/get-all?search=grace%20liskov', keysetPage: 20 },
    propertyAndSearch: { path: `/api/resident/get-all?property=${property7.id}&search=ken` },
    visitorsSearch: { path: '/api/visitor/get-all?search=guest1234' },
    visitorsEveryEmail: { path: '/api/visitor/get-all?search=example' },
    visitorsPage100: { path: '/api/visitor/get-all?page=100' },
    visitorsPage100Keyset: { path: '/api/visitor/get-all?', keysetPage: 100 },
  };
  const results: Record<string, unknown> = {};
  for (const [name, { path, keysetPage }] of Object.entries(scenarios)) {
    let target = `${path}&limit=30`;
    if (keysetPage) {
      let cursor: string | null | undefined = '';
      for (let page = 1; page < keysetPage && cursor !== undefined; page++) {
        const body = await get(`${path}&limit=30&page=${page}${cursor ? `&cursor=${cursor}` : ''}`);
        cursor = body.pagination.nextCursor;
      }
      if (!cursor) {
        results[name] = { unsupported: 'no pagination.nextCursor in this checkout' };
        continue;
      }
      target = `${path}&limit=30&page=${keysetPage}&cursor=${cursor}`;
    }
    const timing = await timeCalls(RUNS, () => get(target));
    const { pagination } = await get(target);
    results[name] = { ...timing, totalItems: pagination.totalItems, totalExact: pagination.totalExact };
    console.log(name, JSON.stringify(results[name]));
  }
  writeResult(`${OUT}.json`, { loadAverageAtEnd: loadAverage(), at: new Date().toISOString(), results });
  await app.close();
  await database.close();
}

await main();
