import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshPostgres, freshPostgresDatabase } from '../../test/support/gatehouse-process';
import { connectPostgres, type Database } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { commitGateLog, commitPendingOpening, type GateLogEntry } from './gate-log-sink';

const onPostgres = process.env.DB_KIND === 'postgres';
const PEOPLE = 40;
const WRITES = 300;

const visitor = (n: number): GateLogEntry => ({
  timestamp: new Date(),
  callerType: 'visitor',
  status: 'failed',
  reason: 'This code is not valid at this time',
  propertyId: null,
  deviceId: null,
  visitorDetails: { firstName: `Burst${n}`, lastName: 'Guest', email: `burst${n}@example.test` },
});

describe.runIf(onPostgres)('subjects written by two connection pools at once', () => {
  let fresh: FreshPostgres;
  let pools: Database[];

  beforeAll(async () => {
    fresh = await freshPostgresDatabase('gatehouse_subjects');
    // Two pools, as two processes have: their batches of new subjects meet in the same instant.
    pools = [await connectPostgres(fresh.url, 8), await connectPostgres(fresh.url, 8)];
  }, 120_000);
  afterAll(async () => {
    for (const pool of pools ?? []) await pool.close();
    await fresh?.drop();
  });

  it('records every new subject once, with no write lost, while two pools write the same new people at once', async () => {
    const writes = pools.flatMap((pool, p) =>
      Array.from({ length: WRITES }, (_, i) => {
        // Each pool names the same people in the opposite order.
        const entry = visitor(p === 0 ? i % PEOPLE : PEOPLE - 1 - (i % PEOPLE));
        return i % 2
          ? commitGateLog(pool.orm, entry)
          : commitPendingOpening(pool.orm, { ...entry, status: 'pending' }, new Date(Date.now() + 60_000));
      }),
    );
    const settled = await Promise.allSettled(writes);
    expect(settled.filter((write) => write.status === 'rejected')).toEqual([]);
    const [counts] = rowsOf<{ events: number; subjects: number; texts: number; unnamed: number }>(
      await pools[0].orm.execute(sql`
        select
          (select count(*)::int from relay_logs) as events,
          (select count(*)::int from relay_log_subjects) as subjects,
          (select count(distinct (relay_log_subject_month("timestamp"), search_text))::int from relay_logs) as texts,
          (select count(*)::int from relay_logs r where not exists (
            select 1 from relay_log_subjects s
            where s.key = r.subject_key and s.month = relay_log_subject_month(r."timestamp") and s.search_text = r.search_text
          )) as unnamed`),
    );
    expect(counts).toEqual({ events: 2 * WRITES, subjects: counts.texts, texts: counts.texts, unnamed: 0 });
    expect(counts.texts).toBeGreaterThanOrEqual(PEOPLE);
  }, 120_000);
});
