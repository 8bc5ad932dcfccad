import type { LogFilter } from '@core/api/gate-log';
import { MAX_EXPORT_ROWS } from '@core/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keySeededEvents } from '../../test/support/keyed-log-seed';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { rowsOf } from '../platform/db/rows';
import { EXACT_SUBJECT_EVENTS } from './gate-log-search';
import { EXACT_SEARCH_BASE, EXACT_SEARCH_MATCHES, logHeapPages, logTotal } from './gate-log-total';

let t: TestApp;
let superadmin: SeededUser;
let oak: string;
let elm: string;

// One event every 10 minutes through 2025, more than EXACT_SEARCH_BASE of them, so a year-wide
// search takes the capped and the estimated paths and a month-long one the exact path.
const ROWS = EXACT_SEARCH_BASE + 2000;
const start = Date.parse('2025-01-01T00:00:00Z');
const events = Array.from({ length: ROWS }, (_, i) => {
  const n = i + 1;
  return {
    n,
    at: new Date(start + n * 600_000),
    oak: n % 2 === 0,
    callerType: n % 3 === 0 ? 'visitor' : 'user',
    text: n % 10 === 0 ? 'ada lovelace' : n % 100 === 7 ? 'quentin guest' : 'grace hopper',
  };
});

function expected(filter: { search: string; from?: string; to?: string; callerType?: string; oak?: boolean }) {
  return events
    .filter(
      (e) =>
        e.text.includes(filter.search) &&
        (!filter.from || e.at >= new Date(filter.from)) &&
        (!filter.to || e.at < new Date(filter.to)) &&
        (!filter.callerType || e.callerType === filter.callerType) &&
        (filter.oak === undefined || e.oak === filter.oak),
    )
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(superadmin.token) });
const timesOf = (body: { logs: { timestamp: string }[] }) => body.logs.map((log) => log.timestamp);

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await seedUser(t.app, { role: 'superadmin' });
  oak = (await seedProperty(t.app)).id;
  elm = (await seedProperty(t.app)).id;
  await t.app.db.execute(sql`
    insert into relay_logs (timestamp, property_id, caller_type, status, search_text)
    select timestamptz '2025-01-01 00:00:00+00' + n * interval '10 minutes',
      case when n % 2 = 0 then ${oak}::uuid else ${elm}::uuid end,
      case when n % 3 = 0 then 'visitor' else 'user' end, 'success',
      case when n % 10 = 0 then 'ada lovelace' when n % 100 = 7 then 'quentin guest' else 'grace hopper' end
    from generate_series(1, ${ROWS}) as n`);
  await keySeededEvents(t.app.db);
}, 120_000);
afterAll(() => t.close());

describe('the total of a log search', () => {
  it('is exact, with exactly the right rows, for search, dates, caller type and property together', async () => {
    const url = `/api/relay-logs/property/${oak}?timezone=UTC&search=LOVELACE&callerType=visitor&startDate=2025-03-01&endDate=2025-03-31`;
    const rows = expected({
      search: 'lovelace',
      from: '2025-03-01',
      to: '2025-04-01',
      callerType: 'visitor',
      oak: true,
    });
    const body = (await get(url)).json();
    expect(rows.length).toBeGreaterThan(10);
    expect(body.pagination).toEqual({
      totalItems: rows.length,
      totalPages: Math.ceil(rows.length / 10),
      currentPage: 1,
      totalExact: true,
    });
    expect(timesOf(body)).toEqual(rows.slice(0, 10).map((e) => e.at.toISOString()));
    const last = (await get(`${url}&page=${body.pagination.totalPages}`)).json();
    expect(timesOf(last)).toEqual(rows.slice((body.pagination.totalPages - 1) * 10).map((e) => e.at.toISOString()));
  });

  it('is exact over a large base for a term of few subjects', async () => {
    const rows = expected({ search: 'quentin' });
    expect(rows.length).toBeLessThanOrEqual(EXACT_SEARCH_MATCHES);
    expect(await logTotal(t.app.db, { timezone: 'UTC', search: 'quentin' })).toEqual({
      totalItems: rows.length,
      exact: true,
    });
    const body = (await get('/api/relay-logs/all?timezone=UTC&search=quentin')).json();
    expect(body.pagination.totalItems).toBe(rows.length);
    expect(body.pagination.totalExact).toBe(true);
    expect(timesOf(body)).toEqual(rows.slice(0, 10).map((e) => e.at.toISOString()));
  });

  it('is estimated for a term with more events than are counted exactly, above that bound and the same on every page', async () => {
    const truth = expected({ search: 'hopper' }).length;
    const filter: LogFilter = { timezone: 'UTC', search: 'hopper' };
    const total = await logTotal(t.app.db, filter);
    expect(total.exact).toBe(false);
    expect(total.totalItems).toBeGreaterThan(EXACT_SUBJECT_EVENTS);
    expect(Math.abs(total.totalItems - truth) / truth).toBeLessThan(0.5);
    const first = (await get('/api/relay-logs/all?timezone=UTC&search=hopper')).json();
    const second = (await get('/api/relay-logs/all?timezone=UTC&search=hopper&page=2')).json();
    expect(first.pagination.totalItems).toBe(total.totalItems);
    expect(first.pagination.totalExact).toBe(false);
    expect(second.pagination).toEqual({ ...first.pagination, currentPage: 2 });
    const rows = expected({ search: 'hopper' });
    expect(timesOf(second)).toEqual(rows.slice(10, 20).map((e) => e.at.toISOString()));
  });

  it('takes its sample as a share of every month table of the log, not of the empty parent', async () => {
    const [{ pages }] = rowsOf<{ pages: string }>(
      await t.app.db.execute(sql`
        select sum(pg_relation_size(inhrelid)) / current_setting('block_size')::int as pages
        from pg_inherits where inhparent = 'relay_logs'::regclass`),
    );
    expect(Number(pages)).toBeGreaterThan(100);
    expect(await logHeapPages(t.app.db)).toBe(Number(pages));
  });

  it('turns an estimate exact on the last page, so page buttons never lead past the matches', async () => {
    const rows = expected({ search: 'hopper' });
    const lastPage = Math.ceil(rows.length / 10);
    const last = (await get(`/api/relay-logs/all?timezone=UTC&search=hopper&page=${lastPage}`)).json();
    expect(last.pagination).toEqual({
      totalItems: rows.length,
      totalPages: lastPage,
      currentPage: lastPage,
      totalExact: true,
    });
    expect(timesOf(last)).toEqual(rows.slice((lastPage - 1) * 10).map((e) => e.at.toISOString()));
  });

  it('bounds the count of a search export and refuses one over MAX_EXPORT_ROWS', async () => {
    const answer = await get('/api/relay-logs/all/export?timezone=UTC&search=e');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(new RegExp(`^This filter matches more than ${MAX_EXPORT_ROWS} events`));
  });
});
