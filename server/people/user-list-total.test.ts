import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { EXACT_SEARCH_TOTAL } from '../platform/db/paged-search';

let t: TestApp;
let superadmin: SeededUser;
// More residents than a search counts exactly, in rows wide enough (a long suspension reason, not
// searched) that the table is larger than the sample the total is estimated from. One in twenty is
// named Quill.
const RESIDENTS = 4 * EXACT_SEARCH_TOTAL;
const QUILLS = RESIDENTS / 20;
// A broad search of a small table: the sample is the whole table, so the total is a count.
const VISITORS = EXACT_SEARCH_TOTAL + 100;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await seedUser(t.app, { role: 'superadmin' });
  const property = await seedProperty(t.app, { propertyName: 'Wide Rows' });
  await t.app.db.execute(sql`
    insert into users (first_name, last_name, email, role, property_id, suspended_reason, created_at)
    select 'Resident', case when n % 20 = 0 then 'Quill' else 'Smith' end, 'r' || n || '@bulk.test', 'resident',
      ${property.id}, repeat(md5(n::text), 48), timestamptz '2025-01-01 00:00:00+00' + n * interval '1 minute'
    from generate_series(1, ${RESIDENTS}) as n`);
  await t.app.db.execute(sql`
    insert into visitors (first_name, last_name, email, property_id, created_by)
    select 'Guest', 'Number' || n, 'guest' || n || '@small.test', ${property.id},
      (select id from users where email = 'r1@bulk.test')
    from generate_series(1, ${VISITORS}) as n`);
  await t.app.db.execute(sql`analyze users`);
  await t.app.db.execute(sql`analyze visitors`);
}, 120_000);
afterAll(() => t.close());

const list = async (path: string) =>
  (await t.app.inject({ method: 'GET', url: path, headers: bearer(superadmin.token) })).json();

describe('the total of a dashboard list', () => {
  it('is counted for a search matching at most EXACT_SEARCH_TOTAL', async () => {
    const body = await list('/api/resident/get-all?search=quill&limit=30');
    expect(body.pagination).toMatchObject({
      totalItems: QUILLS,
      totalPages: Math.ceil(QUILLS / 30),
      totalExact: true,
    });
  });

  it('is estimated from a sample, and says so, for a broad search of a large table', async () => {
    const body = await list('/api/resident/get-all?search=bulk.test&limit=30');
    expect(body.pagination.totalExact).toBe(false);
    expect(body.pagination.totalItems).toBeGreaterThan(RESIDENTS * 0.7);
    expect(body.pagination.totalItems).toBeLessThan(RESIDENTS * 1.3);
    expect(body.users).toHaveLength(30);
    // The same sample each time: the estimate does not move from page to page.
    const page2 = await list(`/api/resident/get-all?search=bulk.test&limit=30&page=2`);
    expect(page2.pagination.totalItems).toBe(body.pagination.totalItems);
  });

  it('is counted for a broad search of a table smaller than the sample', async () => {
    const body = await list('/api/visitor/get-all?search=small.test&limit=30');
    expect(body.pagination).toMatchObject({ totalItems: VISITORS, totalExact: true });
  });

  it('turns exact on the last page of an estimated list', async () => {
    const lastPage = Math.ceil(RESIDENTS / 30);
    const body = await list(`/api/resident/get-all?search=bulk.test&limit=30&page=${lastPage}`);
    expect(body.pagination).toEqual({
      totalItems: RESIDENTS,
      totalPages: lastPage,
      totalExact: true,
      nextCursor: null,
    });
  });
});
