import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type SeededUser, seedUser, type TestApp } from '../../test/support/test-app';
import { EXACT_LIST_TOTAL } from '../platform/db/paged-search';

let t: TestApp;
let superadmin: SeededUser;
// More residents than are counted exactly; one in ten is named Quill.
const RESIDENTS = EXACT_LIST_TOTAL + 500;
const QUILLS = RESIDENTS / 10 + 1;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await seedUser(t.app, { role: 'superadmin' });
  await t.app.db.execute(sql`
    insert into users (first_name, last_name, email, role, created_at)
    select 'Resident', case when n % 10 = 0 then 'Quill' else 'Smith' end, 'r' || n || '@bulk.test', 'resident',
      timestamptz '2025-01-01 00:00:00+00' + n * interval '1 minute'
    from generate_series(1, ${RESIDENTS}) as n`);
}, 120_000);
afterAll(() => t.close());

const list = async (query: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/resident/get-all${query}`, headers: bearer(superadmin.token) })
  ).json();

describe('the total of a dashboard list', () => {
  it('is exact while the matches are at most EXACT_LIST_TOTAL', async () => {
    const body = await list('?search=quill&limit=30');
    expect(body.pagination).toEqual({
      totalItems: QUILLS - 1,
      totalPages: Math.ceil((QUILLS - 1) / 30),
      totalExact: true,
    });
  });

  it('is estimated, and says so, for a search matching more than EXACT_LIST_TOTAL', async () => {
    const body = await list('?search=bulk.test&limit=30');
    expect(body.pagination.totalExact).toBe(false);
    expect(body.pagination.totalItems).toBeGreaterThan(EXACT_LIST_TOTAL);
    expect(body.users).toHaveLength(30);
  });

  it('turns exact on the last page of an estimated list', async () => {
    const lastPage = Math.ceil(RESIDENTS / 30);
    const body = await list(`?search=bulk.test&limit=30&page=${lastPage}`);
    expect(body.pagination).toEqual({ totalItems: RESIDENTS, totalPages: lastPage, totalExact: true });
  });
});
