import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, type UpgradableDatabase } from '../../test/support/migrated-until';
import type { Orm } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { monthPartitions } from './gate-log-partitions';
import { markAbandonedOpenings, newGateLogId } from './gate-log-sink';
import { moveOldLogRows, oldLogRemains } from './gate-log-upgrade';

const ROWS = 3000;

/** Every row of the log, whole (but for the subject key migration 0038 adds), by id; and the daily counts. */
async function snapshot(db: Orm, from = 'relay_logs') {
  const rows = await db.execute(
    sql`select id::text, to_jsonb(r) - 'subject_key' as row from ${sql.identifier(from)} r order by id`,
  );
  return rowsOf<{ id: string; row: unknown }>(rows);
}
const dailyCounts = async (db: Orm) =>
  rowsOf(
    await db.execute(
      sql`select property_key::text, caller_type, day::text, n::int from relay_log_daily_counts where n <> 0 order by 1, 2, 3`,
    ),
  );

describe('upgrading an unpartitioned gate log (migration 0033)', () => {
  let database: UpgradableDatabase;
  let before: { id: string; row: unknown }[];
  let countsBefore: unknown[];
  let pendingId: string;

  beforeAll(async () => {
    database = await databaseBefore('0033_relay_log_partitions');
    const db = database.orm;
    // 14 months of events, ids random as before decision 0019, two properties and none.
    await db.execute(sql`
      insert into relay_logs (timestamp, property_id, caller_type, status, search_text, user_details)
      select now() - (n::double precision / ${ROWS}) * interval '420 days',
        case n % 3 when 0 then null else md5('property-' || (n % 3))::uuid end,
        case when n % 2 = 0 then 'user' else 'visitor' end, 'success', 'person ' || n,
        jsonb_build_object('firstName', 'P' || n, 'lastName', 'Q', 'email', 'p' || n || '@example.com')
      from generate_series(1, ${ROWS}) as n`);
    // The opening in flight is written as the build before 0033 wrote it (today's writer also
    // records its subject, in a table that build did not have).
    pendingId = newGateLogId();
    await db.execute(
      sql`insert into relay_logs (id, timestamp, caller_type, status) values (${pendingId}, now(), 'user', 'pending')`,
    );
    await db.execute(
      sql`insert into openings_in_flight (log_id, lease_until) values (${pendingId}, now() - interval '1 minute')`,
    );
    before = await snapshot(db);
    countsBefore = await dailyCounts(db);
    await database.upgrade();
  }, 600_000);

  afterAll(() => database?.close());

  it('keeps the old rows in the old table, and the opening in flight in the new log', async () => {
    const db = database.orm;
    expect(await oldLogRemains(db)).toBe(true);
    const moved = await snapshot(db);
    expect(moved.map((row) => row.id)).toEqual([pendingId]);
    expect((await snapshot(db, 'relay_logs_unpartitioned')).length).toBe(ROWS);
    // The migration makes this month's table and the next three, nothing more (no wait on the old rows).
    const months = await monthPartitions(db);
    expect(months).toHaveLength(4);
    expect(months.at(-1)!.from.getTime()).toBeGreaterThan(Date.now() + 60 * 24 * 3600 * 1000);
  });

  it('moves every row in batches, ids and columns kept, counts even, then drops the old table', async () => {
    const db = database.orm;
    const progress = await moveOldLogRows(db, { batch: 250 });
    expect(progress).toEqual({ moved: ROWS, finished: true });
    expect(await oldLogRemains(db)).toBe(false);
    // A table for each month the old rows span (14 months back), through three months ahead.
    expect((await monthPartitions(db)).length).toBeGreaterThanOrEqual(14 + 3);
    expect(await snapshot(db)).toEqual(before);
    expect(await dailyCounts(db)).toEqual(countsBefore);
    // No row was left in the default partition: each is in its month's table.
    const stray = await db.execute(sql`select count(*)::int as n from relay_logs_default`);
    expect(rowsOf<{ n: number }>(stray)[0].n).toBe(0);
  });

  it('finds a row by its id after the move, as the sweep of abandoned openings does', async () => {
    const marked = await markAbandonedOpenings(database.orm, { leaseEndedBy: new Date(), reason: 'test' });
    expect(marked).toEqual([pendingId]);
  });
});
