// Dashboard lists at scale on real PostgreSQL: 100,000 residents across 50 properties (and 20,000
// visitors). p95 of GET /api/resident/get-all and /api/visitor/get-all through the real app (token
// check, query, total, serialisation) with search terms, a property filter and deep pages (by
// offset and by cursor); EXPLAIN (ANALYZE, BUFFERS) of each page and of the queries its total may take.
// `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dashboard.bench.ts`
// BENCH_KEEP=1 keeps the seeded database and reuses it next time when it holds the same numbers of
// residents and visitors (BENCH_DB_SUFFIX names it apart from others'); BENCH_OUT=name writes bench/results/name.json and name-explain.txt.
import { sql } from 'drizzle-orm';
import { userListQueries } from '../server/accounts/account-list-queries';
import { buildApp } from '../server/app/app';
import { userListFilter } from '../server/authorization/user-list-filter';
import { signInUser } from '../server/identity/sign-in';
import { connectPostgres } from '../server/platform/db/connect';
import { EXACT_LIST_TOTAL, EXACT_SEARCH_TOTAL } from '../server/platform/db/paged-search';
import { rowsOf } from '../server/platform/db/rows';
import { visitorListQueries } from '../server/visitors/manage-visitor-queries';
import { testConfig } from '../test/support/test-app';
import {
  benchDatabase,
  explainAnalyze,
  loadAverage,
  postgresVersion,
  timeCalls,
  writeResult,
} from './dashboard-bench-support';

const RESIDENTS = Number(process.env.BENCH_RESIDENTS ?? 100_000);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const TARGET_P95_MS = 30;
const KEEP = process.env.BENCH_KEEP === '1';
const OUT = process.env.BENCH_OUT ?? 'dashboard';
const DB_NAME = `gatehouse_bench_dashboard${process.env.BENCH_DB_SUFFIX ?? ''}`;

const FIRST = `array['Ada','Grace','Alan','Linus','Margaret','Dennis','Barbara','Ken','Frances','Edsger']`;
const LAST = `array['Lovelace','Hopper','Turing','Torvalds','Hamilton','Ritchie','Liskov','Thompson','Allen','Dijkstra']`;

async function seed(db: Awaited<ReturnType<typeof connectPostgres>>['orm']) {
  await db.execute(
    sql.raw(`
    insert into properties (property_name, property_location, property_features)
    select 'Property ' || p, p || ' Bench Street', array['qr','securepin']
    from generate_series(0, 49) p;
    create temporary table bench_properties as
      select row_number() over (order by property_name) - 1 as n, id from properties;
    insert into users (first_name, last_name, email, role, property_id, created_at)
    select (${FIRST})[1 + u % 10], (${LAST})[1 + (u / 10) % 10],
      lower((${FIRST})[1 + u % 10] || '.' || (${LAST})[1 + (u / 10) % 10] || '.' || u || '@example.com'),
      'resident', (select id from bench_properties where n = u % 50), now() - make_interval(secs => u)
    from generate_series(0, ${RESIDENTS - 1}) u;
    create temporary table bench_users as
      select row_number() over (order by created_at desc) - 1 as n, id, property_id from users;
    insert into visitors (first_name, last_name, email, property_id, created_by, created_at)
    select 'Guest', 'Number' || v, 'guest' || v || '@example.com', u.property_id, u.id, now() - make_interval(secs => v)
    from generate_series(0, ${VISITORS - 1}) v join bench_users u on u.n = (v * 7) % ${RESIDENTS};
  `),
  );
  // What autovacuum would have done by now: statistics and the visibility map for index-only counts.
  await db.execute(sql`vacuum analyze`);
}

/** The seeded database of an earlier BENCH_KEEP run, when it still holds the same rows. */
async function keptDatabase() {
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${DB_NAME}`;
  const database = await connectPostgres(url.toString(), 10, 'unbounded').catch(() => null);
  if (!database) return null;
  const [held] = rowsOf<{ residents: number; visitors: number }>(
    await database.orm.execute(sql`select
      (select count(*)::int from users where role = 'resident') as residents,
      (select count(*)::int from visitors) as visitors`),
  );
  if (held.residents === RESIDENTS && held.visitors === VISITORS) {
    return { database, drop: async () => {} };
  }
  await database.close();
  return null;
}

async function seededDatabase() {
  const kept = KEEP ? await keptDatabase() : null;
  if (kept) return { ...kept, seedSeconds: null };
  const target = await benchDatabase(DB_NAME);
  const database = await connectPostgres(target.url, 10, 'unbounded');
  const seedStarted = performance.now();
  await seed(database.orm);
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  console.log(`seeded ${RESIDENTS} residents and ${VISITORS} visitors in ${seedSeconds} s`);
  return { database, drop: KEEP ? async () => {} : target.drop, seedSeconds };
}

async function main() {
  const { database, drop, seedSeconds } = await seededDatabase();

  const app = await buildApp(testConfig({ logLevel: 'silent' }), database);
  await app.ready();
  await database.orm.execute(sql`
    insert into users (first_name, last_name, email, role, password_hash)
    select 'Bench', 'Root', 'root@bench.example.com', 'superadmin', 'not-used'
    where not exists (select 1 from users where email = 'root@bench.example.com')`);
  const [root] = rowsOf<{ id: string }>(
    await database.orm.execute(sql`select id from users where email = 'root@bench.example.com'`),
  );
  const token = await signInUser(app, root.id, { userAgent: 'benchmark', address: '127.0.0.1' }, 'password');
  const propertyNamed = (name: string) =>
    (
      database.orm.execute(sql`select id from properties where property_name = ${name}`) as unknown as Promise<{
        rows: { id: string }[];
      }>
    ).then((result) => result.rows[0].id);
  const property7 = await propertyNamed('Property 7');

  // keysetPage: page N reached as the screen's Next reaches it, each page by the cursor of the one before.
  const scenarios: Record<string, { list: 'resident' | 'visitor'; query: string; keysetPage?: number }> = {
    searchCommonSurname: { list: 'resident', query: 'search=hopper' },
    searchOnePerson: { list: 'resident', query: 'search=hopper.4217' },
    searchNameAndSurname: { list: 'resident', query: 'search=grace%20liskov' },
    // Broad terms: an exact count would look at most or all of the rows.
    searchEveryEmail: { list: 'resident', query: 'search=example' },
    searchTwoLetters: { list: 'resident', query: 'search=ad' },
    propertyFilter: { list: 'resident', query: `property=${property7}` },
    propertyFilterPage50: { list: 'resident', query: `property=${property7}&page=50` },
    propertyFilterPage50Keyset: { list: 'resident', query: `property=${property7}`, keysetPage: 50 },
    page100: { list: 'resident', query: 'page=100' },
    page100Keyset: { list: 'resident', query: '', keysetPage: 100 },
    searchNameAndSurnamePage20Keyset: { list: 'resident', query: 'search=grace%20liskov', keysetPage: 20 },
    propertyAndSearch: { list: 'resident', query: `property=${property7}&search=ken` },
    visitorsSearch: { list: 'visitor', query: 'search=guest1234' },
    visitorsEveryEmail: { list: 'visitor', query: 'search=example' },
    visitorsPage100Keyset: { list: 'visitor', query: '', keysetPage: 100 },
  };
  const get = async (url: string) => {
    const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
    return answer.json() as { pagination: { totalItems: number; totalExact: boolean; nextCursor: string | null } };
  };
  /** The cursor of page `page`, walking Next from page 1 as the screen does. */
  const cursorOfPage = async (base: string, page: number) => {
    let cursor = '';
    for (let at = 1; at < page; at++) {
      const body = await get(`${base}&page=${at}${cursor ? `&cursor=${cursor}` : ''}`);
      cursor = body.pagination.nextCursor ?? '';
    }
    return cursor;
  };
  const results: Record<string, unknown> = {};
  const plans: string[] = [];
  const superadmin = { role: 'superadmin' } as Parameters<typeof userListFilter>[1];
  for (const [name, { list, query, keysetPage }] of Object.entries(scenarios)) {
    const base = `/api/${list}/get-all?${query}&limit=30`;
    const cursor = keysetPage ? await cursorOfPage(base, keysetPage) : '';
    const url = keysetPage ? `${base}&page=${keysetPage}&cursor=${cursor}` : base;
    const timing = await timeCalls(RUNS, () => get(url));
    const { pagination } = await get(url);
    results[name] = {
      url,
      ...timing,
      totalItems: pagination.totalItems,
      totalExact: pagination.totalExact,
      withinTarget: timing.p95Ms <= TARGET_P95_MS,
    };
    console.log(name, JSON.stringify(results[name]));
    const params = Object.fromEntries(new URLSearchParams(query));
    const filter = userListFilter(
      { ...params, page: keysetPage ?? Number(params.page ?? 1), limit: 30, cursor: cursor || undefined },
      superadmin,
    );
    const built = (list === 'resident' ? userListQueries : visitorListQueries)(database.orm, filter);
    plans.push(`=== ${list}s ${name}: page ===\n${await explainAnalyze(database.orm, built.page)}\n`);
    if (built.searched) {
      plans.push(`=== ${list}s ${name}: sample (a search the planner expects over ${EXACT_SEARCH_TOTAL}) ===`);
      plans.push(`${await explainAnalyze(database.orm, built.sample())}\n`);
    }
    const cap = built.searched ? EXACT_SEARCH_TOTAL : EXACT_LIST_TOTAL;
    plans.push(
      `=== ${list}s ${name}: count up to ${cap} (when the page is not the last; a search: see the record) ===`,
    );
    plans.push(`${await explainAnalyze(database.orm, built.cappedCount(cap))}\n`);
  }

  writeResult(`${OUT}.json`, {
    benchmark: 'dashboard get-all',
    residents: RESIDENTS,
    visitors: VISITORS,
    properties: 50,
    seedSeconds,
    postgres: await postgresVersion(database.orm),
    loadAverageAtEnd: loadAverage(),
    at: new Date().toISOString(),
    targets: { p95Ms: TARGET_P95_MS },
    results,
  });
  writeResult(`${OUT}-explain.txt`, plans.join('\n'));
  await app.close();
  await database.close();
  await drop();
}

await main();
