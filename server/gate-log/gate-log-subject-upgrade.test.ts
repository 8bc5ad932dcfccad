import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, type UpgradableDatabase } from '../../test/support/migrated-until';
import { referenceSearch } from '../../test/support/reference-log-search';
import type { Orm } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { findLogPage } from './gate-log-page';
import { createMonths } from './gate-log-partitions';
import { resolveCriteria } from './gate-log-search';
import { keyGateLogSubjects } from './gate-log-subject-upgrade';
import { subjectsReady } from './gate-log-subjects';
import { moveOldLogRows } from './gate-log-upgrade';

const ROWS = 2000;
const TERMS = ['person 17', 'p1234@example.com', 'ada', 'lovelace', '@example', 'nobody-here'];

/** Each term's first page and total, as ids: what a search shows. */
async function searches(db: Orm) {
  const shown: Record<string, unknown> = {};
  for (const search of TERMS) {
    const { logs, total } = await findLogPage(db, { timezone: 'UTC', search }, { page: 1, limit: 20 });
    shown[search] = { ids: logs.map((log) => log._id), total: total.totalItems };
  }
  return shown;
}

/** The same, as the search before subjects found it. */
async function referenceSearches(db: Orm) {
  const shown: Record<string, unknown> = {};
  for (const search of TERMS)
    shown[search] = await referenceSearch(db, { timezone: 'UTC', search }, { page: 1, limit: 20 });
  return shown;
}

const indexState = async (db: Orm) =>
  rowsOf<{ name: string; valid: boolean }>(
    await db.execute(sql`
      select c.relname as name, x.indisvalid as valid from pg_index x join pg_class c on c.oid = x.indexrelid
      where x.indrelid = 'relay_logs'::regclass order by 1`),
  );

describe('upgrading a gate log with rows to searching by subjects (migration 0038)', () => {
  let database: UpgradableDatabase;
  let before: Record<string, unknown>;

  beforeAll(async () => {
    // A log as the build before 0033 left it: its months are made by the move, after 0038 declared
    // the new indexes, so each month gets them (on attach) before its rows arrive without a key.
    database = await databaseBefore('0033_relay_log_partitions');
    const db = database.orm;
    // Half a year of events; every fifth person is "Ada Lovelace", so texts repeat across months.
    await db.execute(sql`
      insert into relay_logs (timestamp, caller_type, status, search_text, user_details)
      select now() - (n::double precision / ${ROWS}) * interval '180 days', 'user', 'success',
        case when n % 5 = 0 then 'ada lovelace ada@example.com' else 'person ' || n || ' p' || n || '@example.com' end,
        jsonb_build_object('firstName', 'P' || n, 'lastName', 'Q', 'email', 'p' || n || '@example.com')
      from generate_series(1, ${ROWS}) as n`);
    await db.execute(sql`analyze relay_logs`);
    before = await referenceSearches(db);
    await database.upgrade();
  }, 600_000);

  afterAll(() => database?.close());

  it('keeps searching the old way until every month is keyed, with the same results', async () => {
    const db = database.orm;
    // Migration 0033 left its old table for the upkeep to empty; the keying waits for that.
    expect(await keyGateLogSubjects(db)).toEqual({ keyed: 0, finished: false });
    await moveOldLogRows(db);
    expect(await subjectsReady(db)).toBe(false);
    expect((await resolveCriteria(db, { timezone: 'UTC', search: 'ada' })).search).toEqual({
      by: 'event-text',
      indexed: true,
    });
    expect(await searches(db)).toEqual(before);
    expect(await referenceSearches(db)).toEqual(before);
    // The new indexes are declared, not yet built: no gate write waited on a build.
    const states = await indexState(db);
    expect(states.find((index) => index.name === 'relay_logs_subject_time_idx')?.valid).toBe(false);
    expect(states.some((index) => index.name === 'relay_logs_search_trgm_idx')).toBe(true);
  });

  it('keys every row in batches, builds each month its indexes, drops the old ones, and finds the same', async () => {
    const db = database.orm;
    const keying = await keyGateLogSubjects(db, { batch: 150 });
    expect(keying).toEqual({ keyed: ROWS, finished: true });
    const unkeyed = await db.execute(
      sql`select count(*)::int as n from relay_logs where subject_key is distinct from relay_log_subject_key(search_text)`,
    );
    expect(rowsOf<{ n: number }>(unkeyed)[0].n).toBe(0);
    const subjects = await db.execute(sql`select count(*)::int as n from relay_log_subjects`);
    // Every distinct text of a month once: 1,600 people seen once, Ada in each of 7 months.
    const distinct = await db.execute(sql`
      select count(*)::int as n from (select distinct relay_log_subject_month("timestamp"), search_text from relay_logs) d`);
    expect(rowsOf<{ n: number }>(subjects)[0].n).toBe(rowsOf<{ n: number }>(distinct)[0].n);
    const states = await indexState(db);
    expect(states.map((index) => index.name)).toEqual([
      'relay_logs_actor_time_idx',
      'relay_logs_creator_time_idx',
      'relay_logs_id_timestamp_pk',
      'relay_logs_property_time_covering_idx',
      'relay_logs_subject_time_idx',
      'relay_logs_time_covering_idx',
    ]);
    expect(states.every((index) => index.valid)).toBe(true);
    expect(await subjectsReady(db)).toBe(true);
    expect((await resolveCriteria(db, { timezone: 'UTC', search: 'ada' })).search?.by).toBe('subjects');
    expect(await searches(db)).toEqual(before);
    expect(await keyGateLogSubjects(db)).toEqual({ keyed: 0, finished: true });
  });

  it('gives a month made afterwards every index', async () => {
    const db = database.orm;
    await createMonths(
      db,
      new Date(Date.now() + 200 * 24 * 3600 * 1000),
      new Date(Date.now() + 200 * 24 * 3600 * 1000),
    );
    const missing = await db.execute(sql`
      select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'relay_logs'::regclass
        and (select count(*) from pg_index x where x.indrelid = c.oid) <> 6`);
    expect(rowsOf(missing)).toEqual([]);
  });
});
