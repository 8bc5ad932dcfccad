import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keySeededEvents } from '../../test/support/keyed-log-seed';
import { createTestApp, seedProperty, type TestApp } from '../../test/support/test-app';
import { activity } from '../activity/activity-tables';
import { verifyActivityChains } from '../activity/activity-verify';
import { recordSystemActivity } from '../activity/record-activity';
import { createMonthsAhead, monthPartitionName, monthPartitions } from '../gate-log/gate-log-partitions';
import { commitGateLog } from '../gate-log/gate-log-sink';
import type { Orm } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { properties } from '../property-records/property-tables';
import { runGateLogUpkeep } from './retention-jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const partitionOf = async (db: Orm, at: Date) => {
  const id = await commitGateLog(db, {
    timestamp: at,
    callerType: 'user',
    status: 'success',
    propertyId: null,
    deviceId: null,
  });
  const result = await db.execute(sql`select tableoid::regclass::text as part from relay_logs where id = ${id}`);
  return rowsOf<{ part: string }>(result)[0].part;
};

describe('monthly tables of the gate log', () => {
  it('are made three months ahead, and a month made later takes the rows the default partition caught', async () => {
    const db = t.app.db;
    const now = new Date();
    const inSevenMonths = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 7, 10));
    expect(await partitionOf(db, inSevenMonths)).toBe('relay_logs_default');
    const made = await createMonthsAhead(db, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 5, 2)));
    expect(made).toContain(monthPartitionName(inSevenMonths));
    expect(made.at(-1)).toBe(monthPartitionName(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 8, 1))));
    const caught = await db.execute(
      sql`select tableoid::regclass::text as part from relay_logs where "timestamp" = ${inSevenMonths.toISOString()}::timestamptz`,
    );
    expect(rowsOf<{ part: string }>(caught)[0].part).toBe(monthPartitionName(inSevenMonths));
    expect(await createMonthsAhead(db, now)).toEqual([]);
  });

  it('put an event in the UTC month of its instant, whatever the property zone', async () => {
    const db = t.app.db;
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    expect(await partitionOf(db, new Date(nextMonth.getTime() - 1))).toBe(monthPartitionName(thisMonth));
    expect(await partitionOf(db, nextMonth)).toBe(monthPartitionName(nextMonth));
    // 23:30 on the month's last evening in New York is already the next month in UTC.
    expect(await partitionOf(db, new Date(nextMonth.getTime() - 30 * 60_000 + 5 * 3600_000))).toBe(
      monthPartitionName(nextMonth),
    );
  });
});

describe('retention', () => {
  const now = new Date();
  let short: string;
  let usual: string;
  const olderThan = async (db: Orm, propertyId: string | null, months: number) => {
    const owner = propertyId ? sql`property_id = ${propertyId}::uuid` : sql`property_id is null`;
    const result = await db.execute(sql`
      select count(*) filter (where "timestamp" < ${now.toISOString()}::timestamptz - make_interval(months => ${months}::int))::int as old,
        count(*) filter (where "timestamp" >= ${now.toISOString()}::timestamptz - make_interval(months => ${months}::int))::int as kept
      from relay_logs where ${owner}`);
    return rowsOf<{ old: number; kept: number }>(result)[0];
  };

  beforeAll(async () => {
    const db = t.app.db;
    short = (await seedProperty(t.app)).id;
    usual = (await seedProperty(t.app)).id;
    await db
      .update(properties)
      .set({ gateEventRetentionMonths: 1, activityRetentionMonths: 12 })
      .where(eq(properties.id, short));
    // Tables for the last 31 months, then 31 months of events per property (and of none), one
    // every few hours, and some a second either side of each cutoff.
    await db.execute(
      sql`select relay_logs_add_month(now() - make_interval(months => k)) from generate_series(1, 31) as k`,
    );
    await db.execute(sql`
      insert into relay_logs (timestamp, property_id, caller_type, status, search_text)
      select ${now.toISOString()}::timestamptz - (n * interval '7 hours'), p, 'user', 'success', 'person ' || (n % 97)
      from generate_series(1, 3200) as n, unnest(array[${short}::uuid, ${usual}::uuid, null]) as p`);
    await db.execute(sql`
      insert into relay_logs (timestamp, property_id, caller_type, status)
      select ${now.toISOString()}::timestamptz - make_interval(months => m) + s * interval '1 second', p, 'visitor', 'success'
      from (values (${short}::uuid, 1), (${usual}::uuid, 24), (null, 24)) as cut(p, m), unnest(array[-1, 1]) as s`);
    await keySeededEvents(db);
    // Trail entries of a year and a month ago: past the short property's year, within the other's seven.
    const longAgo = new Date(now.getTime() - 395 * 24 * 3600_000);
    for (const propertyId of [short, usual]) {
      await db.transaction((tx) =>
        recordSystemActivity(tx, t.app.config.secret, longAgo, {
          action: 'property.update',
          summary: 'An old change',
          object: { kind: 'property', id: propertyId, propertyId },
        }),
      );
    }
  }, 600_000);

  it('removes exactly what is older than each setting while gate events are written, and says so in the trail', async () => {
    const db = t.app.db;
    const expected = {
      short: await olderThan(db, short, 1),
      usual: await olderThan(db, usual, 24),
      none: await olderThan(db, null, 24),
    };
    expect(expected.short.old).toBeGreaterThan(0);
    expect(expected.usual.old).toBeGreaterThan(0);
    let writing = true;
    const written: Promise<string>[] = [];
    const writer = (async () => {
      while (writing) {
        written.push(
          commitGateLog(db, {
            timestamp: new Date(),
            callerType: 'user',
            status: 'success',
            propertyId: short,
            deviceId: null,
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const report = await runGateLogUpkeep(db, t.app.config.secret, now, { batch: 100 });
    writing = false;
    await writer;
    const writes = await Promise.allSettled(written);
    expect(writes.filter((write) => write.status === 'rejected')).toEqual([]);
    expect(writes.length).toBeGreaterThan(0);

    expect(await olderThan(db, short, 1)).toEqual({ old: 0, kept: expected.short.kept + writes.length });
    expect(await olderThan(db, usual, 24)).toEqual({ old: 0, kept: expected.usual.kept });
    expect(await olderThan(db, null, 24)).toEqual({ old: 0, kept: expected.none.kept });
    expect(report.gateEventsRemoved).toBe(expected.short.old + expected.usual.old + expected.none.old);
    // Months that end before every property's cutoff went whole.
    expect(report.monthsDropped.length).toBeGreaterThan(0);
    const cutoff24 = new Date(now);
    cutoff24.setUTCMonth(cutoff24.getUTCMonth() - 24);
    for (const month of await monthPartitions(db)) expect(month.to.getTime()).toBeGreaterThan(cutoff24.getTime());
    // The search's subjects are exactly those of the events left: none of a removed event stays.
    const [subjects] = rowsOf<{ orphans: number; missing: number; kept: number }>(
      await db.execute(sql`
        select
          (select count(*)::int from relay_log_subjects s where not exists (
            select 1 from relay_logs r where r.subject_key = s.key and relay_log_subject_month(r."timestamp") = s.month)) as orphans,
          (select count(*)::int from relay_logs r where not exists (
            select 1 from relay_log_subjects s where s.key = r.subject_key and s.month = relay_log_subject_month(r."timestamp"))) as missing,
          (select count(*)::int from relay_log_subjects) as kept`),
    );
    expect(subjects).toMatchObject({ orphans: 0, missing: 0 });
    expect(subjects.kept).toBeGreaterThan(97);

    const entries = await db
      .select()
      .from(activity)
      .where(eq(activity.action, 'property.retention'))
      .orderBy(activity.seq);
    const byProperty = new Map(entries.map((entry) => [entry.propertyId, entry]));
    expect(entries).toHaveLength(3);
    expect(byProperty.get(short)).toMatchObject({
      actorRole: 'system',
      actorName: 'system',
      changes: { gateEventsRemoved: { after: expected.short.old }, activityEntriesRemoved: { after: 1 } },
    });
    expect(byProperty.get(usual)?.changes).toMatchObject({
      gateEventsRemoved: { after: expected.usual.old },
      activityEntriesRemoved: { after: 0 },
    });
    expect(byProperty.get(null)?.changes).toMatchObject({ gateEventsRemoved: { after: expected.none.old } });
    const oldTrail = await db.select().from(activity).where(eq(activity.summary, 'An old change'));
    expect(oldTrail.map((entry) => entry.propertyId)).toEqual([usual]);
    // Retention moved the short chain's signed start past what it removed (docs/decisions/0069).
    expect((await verifyActivityChains(db, t.app.config.secret)).broken).toEqual([]);
  });

  it('removes nothing and records nothing on a second run', async () => {
    const report = await runGateLogUpkeep(t.app.db, t.app.config.secret, now);
    expect(report).toMatchObject({ gateEventsRemoved: 0, activityRemoved: 0, monthsDropped: [] });
    const entries = await t.app.db.select().from(activity).where(eq(activity.action, 'property.retention'));
    expect(entries).toHaveLength(3);
  });
});
