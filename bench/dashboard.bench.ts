// Dashboard lists at scale on real PostgreSQL: 100,000 residents across 50 properties (and 20,000
// visitors). p95 of GET /api/resident/get-all through the real app (token check, query, count,
// serialisation) with a search term, a property filter and page 100; EXPLAIN ANALYZE of each.
// `DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dashboard.bench.ts`
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app/app';
import { userListFilter, userListQueries } from '../server/people/manage-user-queries';
import { signInUser } from '../server/people/sign-in';
import { connectPostgres } from '../server/platform/db/connect';
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

async function main() {
  const target = await benchDatabase('gatehouse_bench_dashboard');
  const database = await connectPostgres(target.url, 10, 'unbounded');
  const seedStarted = performance.now();
  await seed(database.orm);
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  console.log(`seeded ${RESIDENTS} residents and ${VISITORS} visitors in ${seedSeconds} s`);

  const app = await buildApp(testConfig({ logLevel: 'silent' }), database);
  await app.ready();
  const [root] = (
    (await database.orm.execute(sql`
      insert into users (first_name, last_name, email, role, password_hash)
      values ('Bench', 'Root', 'root@bench.example.com', 'superadmin', 'not-used') returning id`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  const token = await signInUser(app, root.id, { userAgent: 'benchmark', address: '127.0.0.1' }, 'password');
  const propertyNamed = (name: string) =>
    (
      database.orm.execute(sql`select id from properties where property_name = ${name}`) as unknown as Promise<{
        rows: { id: string }[];
      }>
    ).then((result) => result.rows[0].id);
  const property7 = await propertyNamed('Property 7');

  const scenarios: Record<string, string> = {
    searchCommonSurname: 'search=hopper',
    searchOnePerson: 'search=hopper.4217',
    searchNameAndSurname: 'search=grace%20liskov',
    // Broad terms: the count has to look at most or all of the 100,000 rows.
    searchEveryEmail: 'search=example',
    searchTwoLetters: 'search=ad',
    propertyFilter: `property=${property7}`,
    propertyFilterPage50: `property=${property7}&page=50`,
    page100: 'page=100',
    propertyAndSearch: `property=${property7}&search=ken`,
  };
  const results: Record<string, unknown> = {};
  const plans: string[] = [];
  const superadmin = { role: 'superadmin' } as Parameters<typeof userListFilter>[1];
  for (const [name, query] of Object.entries(scenarios)) {
    const url = `/api/resident/get-all?${query}&limit=30`;
    const timing = await timeCalls(RUNS, () =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }),
    );
    const answer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
    results[name] = {
      url,
      ...timing,
      totalItems: answer.json().pagination.totalItems,
      totalExact: answer.json().pagination.totalExact,
      withinTarget: timing.p95Ms <= TARGET_P95_MS,
    };
    console.log(name, JSON.stringify(results[name]));
    const params = Object.fromEntries(new URLSearchParams(query));
    const filter = userListFilter({ ...params, page: Number(params.page ?? 1), limit: 30 }, superadmin);
    const built = userListQueries(database.orm, filter);
    plans.push(`=== users ${name}: page ===\n${await explainAnalyze(database.orm, built.page)}\n`);
    plans.push(`=== users ${name}: count ===\n${await explainAnalyze(database.orm, built.count)}\n`);
  }
  const visitorUrl = '/api/visitor/get-all?search=guest1234&limit=30';
  results.visitorsSearch = {
    url: visitorUrl,
    ...(await timeCalls(RUNS, () =>
      app.inject({ method: 'GET', url: visitorUrl, headers: { authorization: `Bearer ${token}` } }),
    )),
  };
  const visitorQueries = visitorListQueries(
    database.orm,
    userListFilter({ page: 1, limit: 30, search: 'guest1234' }, superadmin),
  );
  plans.push(`=== visitors search: page ===\n${await explainAnalyze(database.orm, visitorQueries.page)}\n`);
  plans.push(`=== visitors search: count ===\n${await explainAnalyze(database.orm, visitorQueries.count)}\n`);

  writeResult('dashboard.json', {
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
  writeResult('dashboard-explain.txt', plans.join('\n'));
  await app.close();
  await database.close();
  await target.drop();
}

await main();
