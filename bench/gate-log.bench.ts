// Gate-log queries on real PostgreSQL with 1,000,000 rows: p95 of the first page (count included)
// per filter combination, and of a bell page. `DATABASE_URL=postgres://... npx tsx bench/gate-log.bench.ts`
// BENCH_KEEP=1 keeps the seeded database and reuses it next time when it holds BENCH_ROWS rows;
// BENCH_ONLY=name,name runs only those filter combinations.
import os from 'node:os';
import type { LogFilter } from '@core/api/gate-log';
import { MAX_EXPORT_ROWS } from '@core/constants';
import { addDays, todayIn } from '@core/time/zoned-time';
import { desc, eq, or, sql } from 'drizzle-orm';
import { countLogs, countQueries } from '../server/gate-log/gate-log-count';
import { criteriaWhere } from '../server/gate-log/gate-log-criteria';
import { findLogPage } from '../server/gate-log/gate-log-page';
import { findNotifications, streamLogs } from '../server/gate-log/gate-log-queries';
import { resolveCriteria } from '../server/gate-log/gate-log-search';
import { COUNTED_SUBJECTS, subjectCount } from '../server/gate-log/gate-log-subject-events';
import { gateLogs } from '../server/gate-log/gate-log-tables';
import {
  countLogsUpTo,
  EXACT_SEARCH_BASE,
  exactSearchCount,
  logHeapPages,
  logTotal,
  sampledSearchCount,
} from '../server/gate-log/gate-log-total';
import { connectPostgres, type Orm } from '../server/platform/db/connect';
import { rowsOf } from '../server/platform/db/rows';
import { benchDatabase, explainAnalyze, postgresVersion, timeCalls, writeResult } from './dashboard-bench-support';
import { BENCH_USERS, seedBenchLogs } from './gate-log-seed';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const KEEP = process.env.BENCH_KEEP === '1';
const ONLY = process.env.BENCH_ONLY?.split(',');
const DB_NAME = 'gatehouse_bench_relay_logs';

/** The queries the total of a filter runs when it does not go through subjects, named by the path it takes, for EXPLAIN. */
async function totalQueries(db: Orm, filter: LogFilter, scope?: string) {
  const criteria = await resolveCriteria(db, filter, scope);
  const parts = (name: string, queries: { toSQL(): { sql: string; params: unknown[] } }[]) =>
    queries.map((query, i) => [`${name}, part ${i + 1}`, query] as const);
  if (!criteria.needle) return parts('daily counts', countQueries(db, filter, scope));
  if (criteria.search?.by === 'subjects') return [];
  const base = await countLogs(db, { ...filter, search: undefined }, scope);
  if (base <= EXACT_SEARCH_BASE) return parts(`exact count over ${base} events`, [exactSearchCount(db, criteria)]);
  return parts('sample', [sampledSearchCount(db, criteria, await logHeapPages(db))]);
}

/** Which way a filter's search goes (docs/decisions/0059), and how many subjects it names. */
async function searchPath(db: Orm, filter: LogFilter, scope?: string) {
  const criteria = await resolveCriteria(db, filter, scope);
  const search = criteria.search;
  if (!search) return { path: 'no search' };
  if (search.by === 'event-text') return { path: search.indexed ? 'event trigrams' : 'each event, newest first' };
  const subjects = subjectCount(criteria);
  if (subjects > COUNTED_SUBJECTS) return { path: 'subjects, newest months counted', subjects };
  const total = await logTotal(db, filter, scope, criteria);
  return { path: total.exact ? 'subjects, counted' : 'subjects, estimated, newest first', subjects };
}

/** The seeded database of an earlier BENCH_KEEP run, when it still holds ROWS rows. */
async function keptDatabase() {
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${DB_NAME}`;
  const database = await connectPostgres(url.toString(), 4, 'unbounded').catch(() => null);
  if (!database) return null;
  const [{ rows }] = rowsOf<{ rows: number }>(
    await database.orm.execute(sql`select count(*)::int as rows from relay_logs`),
  );
  if (rows === ROWS) return { database, drop: async () => {} };
  await database.close();
  return null;
}

async function seededDatabase() {
  const kept = KEEP ? await keptDatabase() : null;
  if (kept) return { ...kept, seedSeconds: null };
  const target = await benchDatabase(DB_NAME);
  const database = await connectPostgres(target.url, 4, 'unbounded');
  const seedStart = performance.now();
  await seedBenchLogs(database.orm, ROWS);
  const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
  console.log(`seeded ${ROWS} rows in ${seedSeconds} s`);
  return { database, drop: KEEP ? async () => {} : target.drop, seedSeconds };
}

async function main() {
  const { database, drop, seedSeconds } = await seededDatabase();
  const db = database.orm;

  const [{ id: propertyId }] = rowsOf<{ id: string }>(await db.execute(sql`select md5('property-7')::uuid as id`));
  const today = todayIn('America/New_York');
  const lastWeek = { startDate: addDays(today, -7), endDate: today };
  const combos: Record<string, { filter: LogFilter; propertyId?: string }> = {
    none: { filter: { timezone: 'EST' } },
    property: { filter: { timezone: 'EST' }, propertyId },
    dateRange: { filter: { timezone: 'EST', ...lastWeek } },
    callerType: { filter: { timezone: 'EST', callerType: 'visitor' } },
    searchRareEmail: { filter: { timezone: 'EST', search: 'user1234@example.com' } },
    searchCommonSurname: { filter: { timezone: 'EST', search: 'lovelace' } },
    searchQrName: { filter: { timezone: 'EST', search: 'guest123' } },
    searchMidTermMisestimated: { filter: { timezone: 'EST', search: 'guest12' } },
    propertyAndSurname: { filter: { timezone: 'EST', search: 'lovelace' }, propertyId },
    searchSurnameLastWeek: { filter: { timezone: 'EST', ...lastWeek, search: 'lovelace' } },
    searchEmailLastWeek: { filter: { timezone: 'EST', ...lastWeek, search: 'user1234@example.com' } },
    propertyAndCallerType: { filter: { timezone: 'EST', callerType: 'visitor' }, propertyId },
    allTogether: { filter: { timezone: 'EST', ...lastWeek, callerType: 'visitor', search: 'priya' }, propertyId },
  };

  const results: Record<string, unknown> = {};
  const plans: string[] = [];
  for (const [name, { filter, propertyId: scope }] of Object.entries(combos)) {
    if (ONLY && !ONLY.includes(name)) continue;
    const timing = await timeCalls(RUNS, () => findLogPage(db, filter, { page: 1, limit: 10 }, scope));
    // The total the screen shows with the first page.
    const { totalItems, exact } = (await findLogPage(db, filter, { page: 1, limit: 10 }, scope)).total;
    const trueTotal = exact ? totalItems : await countLogs(db, filter, scope);
    const path = await searchPath(db, filter, scope);
    results[name] = { ...timing, totalItems, exact, trueTotal, ...path, filter, propertyId: scope ?? null };
    console.log(name, JSON.stringify(results[name]));
    const page = db
      .select()
      .from(gateLogs)
      .where(criteriaWhere(await resolveCriteria(db, filter, scope), 'scan'))
      .orderBy(desc(gateLogs.timestamp), desc(gateLogs.id))
      .limit(10);
    plans.push(`=== ${name}: first page ===\n${await explainAnalyze(db, page)}\n`);
    for (const [part, query] of await totalQueries(db, filter, scope)) {
      plans.push(`=== ${name}: total, ${part} ===\n${await explainAnalyze(db, query)}\n`);
    }
  }

  // The exact trigram count the API ran for every search before the capped count and the sample.
  const [exactBefore] = countQueries(db, combos.searchCommonSurname.filter);
  plans.push(
    `=== for comparison, searchCommonSurname: exact count as run before ===\n${await explainAnalyze(db, exactBefore)}\n`,
  );

  results.exportBoundCommonSurnameYear = await timeCalls(10, () =>
    countLogsUpTo(db, combos.searchCommonSurname.filter, MAX_EXPORT_ROWS),
  );
  const exportStart = performance.now();
  let exported = 0;
  for await (const _ of streamLogs(db, combos.property.filter, propertyId)) exported++;
  results.exportPropertyYear = { rows: exported, ms: Math.round(performance.now() - exportStart) };
  console.log(
    'export',
    JSON.stringify(results.exportBoundCommonSurnameYear),
    JSON.stringify(results.exportPropertyYear),
  );

  const userIds = rowsOf<{ id: string }>(
    await db.execute(sql`select md5('user-' || n)::uuid as id from generate_series(0, ${BENCH_USERS - 1}) n`),
  );
  results.bellFirstPage = await timeCalls(RUNS * 3, (i) =>
    findNotifications(db, userIds[(i * 7919) % userIds.length].id, { page: 1, limit: 10 }),
  );
  results.bellThirdPage = await timeCalls(RUNS * 3, (i) =>
    findNotifications(db, userIds[(i * 104729) % userIds.length].id, { page: 3, limit: 10 }),
  );
  console.log('bell', JSON.stringify(results.bellFirstPage), JSON.stringify(results.bellThirdPage));
  const bell = db
    .select()
    .from(gateLogs)
    .where(or(eq(gateLogs.actorUserId, userIds[1].id), eq(gateLogs.creatorUserId, userIds[1].id)))
    .orderBy(desc(gateLogs.timestamp), desc(gateLogs.id))
    .limit(11);
  plans.push(`=== for comparison, the bell asked as one OR: first page ===\n${await explainAnalyze(db, bell)}\n`);

  const [{ version }] = [{ version: await postgresVersion(db) }];
  const summary = {
    benchmark: 'relay-logs',
    rows: ROWS,
    seedSeconds,
    postgres: version,
    at: new Date().toISOString(),
    loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100),
    targets: { firstPageP95Ms: 50, bellP95Ms: 10 },
    results,
  };
  writeResult('relay-logs.json', summary);
  writeResult('relay-logs-explain.txt', plans.join('\n'));
  await database.close();
  await drop();
}

await main();
