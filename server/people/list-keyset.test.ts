import { DASHBOARD_MESSAGES } from '@core/api/dashboard-messages';
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
import { containsPattern } from '../platform/db/paged-search';
import { rowsOf } from '../platform/db/rows';

let t: TestApp;
let superadmin: SeededUser;
let alder: string;
let birch: string;

const FIRST = ['Ann', 'Anne-Marie', "O'Brien", 'percent%sign', 'under_score', 'Zoë', 'Grace', 'Ken'];
const LAST = ['Smith', 'Hopper', 'Liskov', 'Marie', 'Lovelace'];

const textArray = (values: string[]) =>
  sql`(array[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}])`;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await seedUser(t.app, { role: 'superadmin' });
  alder = (await seedProperty(t.app, { propertyName: 'Alder Court' })).id;
  birch = (await seedProperty(t.app, { propertyName: 'Birch Park' })).id;
  // Three people share each creation time: the id orders them, and a page may end inside a tie.
  await t.app.db.execute(sql`
    insert into users (first_name, last_name, email, role, property_id, created_at)
    select ${textArray(FIRST)}[1 + n % 8], ${textArray(LAST)}[1 + n % 5], 'p' || n || '@keyset.example.com',
      'resident', case when n % 2 = 0 then ${alder}::uuid else ${birch}::uuid end,
      timestamptz '2025-03-01 00:00:00.123456+00' + (n / 3) * interval '1 second'
    from generate_series(1, 140) as n`);
  await t.app.db.execute(sql`
    insert into visitors (first_name, last_name, email, property_id, created_by, created_at)
    select 'Guest', ${textArray(LAST)}[1 + n % 5], 'g' || n || '@keyset.example.com', ${alder}::uuid,
      (select id from users where email = 'p2@keyset.example.com'),
      timestamptz '2025-03-01 00:00:00+00' + (n / 4) * interval '1 second'
    from generate_series(1, 75) as n`);
});
afterAll(() => t.close());

type Page = { ids: string[]; pagination: { totalItems: number; totalExact: boolean; nextCursor: string | null } };

async function getPage(list: 'resident' | 'visitor', query: string): Promise<Page> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/${list}/get-all?${query}`,
    headers: bearer(superadmin.token),
  });
  expect(answer.statusCode).toBe(200);
  const body = answer.json();
  const rows: { _id: string }[] = list === 'resident' ? body.users : body.visitors;
  return { ids: rows.map((row) => row._id), pagination: body.pagination };
}

/** Every page from the first, each by its number (OFFSET, as before cursors) or by the cursor Next carries. */
async function walk(list: 'resident' | 'visitor', filter: string, by: 'offset' | 'cursor') {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 1; page < 100; page++) {
    const placed = by === 'cursor' && cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const answer = await getPage(list, `${filter}&limit=7&page=${page}${placed}`);
    ids.push(...answer.ids);
    cursor = answer.pagination.nextCursor;
    if (!cursor) {
      expect(answer.pagination).toMatchObject({ totalItems: ids.length, totalExact: true });
      return ids;
    }
  }
  throw new Error('more than 100 pages');
}

/** The rows a search matched before cursors: LIKE on search_text, newest first, id breaking ties. */
async function expected(table: 'users' | 'visitors', term: string, propertyId?: string) {
  const rows = rowsOf<{ id: string }>(
    await t.app.db.execute(sql`
      select id from ${sql.identifier(table)}
      where search_text like ${containsPattern(term)}
        ${propertyId ? sql`and property_id = ${propertyId}` : sql``}
      order by created_at desc, id desc`),
  );
  return rows.map((row) => row.id);
}

const TERMS = ['', 'smith', 'ann', 'MARIE', "o'brien", 'e-m', '%', '_', 'p1', '@keyset', 'zoë', 'liskov', 'nobody'];

describe('dashboard lists paged by cursor', () => {
  it.each(TERMS)(
    'the residents matching %j are the same rows, in the same order, by cursor and by page number',
    async (term) => {
      const filter = `search=${encodeURIComponent(term)}`;
      const byCursor = await walk('resident', filter, 'cursor');
      expect(byCursor).toEqual(await walk('resident', filter, 'offset'));
      expect(byCursor).toEqual(await expected('users', term));
    },
  );

  it('pages a property filter with a search by cursor', async () => {
    const filter = `property=${alder}&search=an`;
    const byCursor = await walk('resident', filter, 'cursor');
    expect(byCursor.length).toBeGreaterThan(7);
    expect(byCursor).toEqual(await expected('users', 'an', alder));
  });

  it('pages visitors by cursor', async () => {
    for (const term of ['', 'hopper', 'g7']) {
      const filter = `search=${encodeURIComponent(term)}`;
      expect(await walk('visitor', filter, 'cursor')).toEqual(await expected('visitors', term));
    }
  });

  it('starts the next page after the last row seen, even when newer rows arrive in between', async () => {
    const first = await getPage('resident', `property=${birch}&limit=7`);
    await seedUser(t.app, { role: 'resident', propertyId: birch });
    const cursor = encodeURIComponent(first.pagination.nextCursor ?? '');
    const second = await getPage('resident', `property=${birch}&limit=7&page=2&cursor=${cursor}`);
    const all = await expected('users', '', birch);
    const after = all.indexOf(first.ids[6]);
    expect(second.ids).toEqual(all.slice(after + 1, after + 8));
  });

  it('refuses a cursor it did not give, in words', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/resident/get-all?page=2&cursor=2025-03-01',
      headers: bearer(superadmin.token),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain(DASHBOARD_MESSAGES.badCursor);
  });
});
