import type { LogFilter } from '@core/api/gate-log';
import { addDays } from '@core/time/zoned-time';
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keySeededEvents } from '../../test/support/keyed-log-seed';
import { createTestApp, seedProperty, type TestApp } from '../../test/support/test-app';
import { countLogs } from './gate-log-count';
import { logWhere } from './gate-log-criteria';
import { gateLogs } from './gate-log-tables';

let t: TestApp;
let propertyIds: (string | null)[];
const HOUR = 3600 * 1000;
const start = Date.parse('2026-02-20T00:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  propertyIds = [(await seedProperty(t.app)).id, (await seedProperty(t.app)).id, null];
  // One event every 7 hours for about a month, across the March DST change, in one bulk statement.
  const rows = Array.from({ length: 110 }, (_, i) => ({
    timestamp: new Date(start + i * 7 * HOUR + (i % 5) * 60_000),
    propertyId: propertyIds[i % 3],
    callerType: i % 4 === 0 ? ('visitor' as const) : ('user' as const),
    status: 'success' as const,
    searchText: i % 6 === 0 ? 'quentin guest' : 'ada lovelace',
  }));
  await t.app.db.insert(gateLogs).values(rows);
  await keySeededEvents(t.app.db);
});
afterAll(() => t.close());

async function exact(filter: LogFilter, propertyId?: string) {
  const [{ total }] = await t.app.db.select({ total: count() }).from(gateLogs).where(logWhere(filter, propertyId));
  return Number(total);
}

function* filters(): Generator<[LogFilter, string | undefined]> {
  const days = ['2026-02-19', '2026-02-20', '2026-02-27', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-30'];
  for (const timezone of ['EST', 'UTC'] as const) {
    for (const startDate of [undefined, ...days]) {
      for (const length of [undefined, 0, 1, 10]) {
        const endDate = length === undefined ? undefined : addDays(startDate ?? days[3], length);
        for (const callerType of [undefined, 'visitor'] as const) {
          yield [{ timezone, startDate, endDate, callerType }, undefined];
          yield [{ timezone, startDate, endDate, callerType }, propertyIds[0]!];
        }
      }
    }
  }
  yield [{ timezone: 'EST', search: 'quentin' }, undefined];
}

it('counts from the daily rollup exactly what counting the rows gives, before and after deletions', async () => {
  const compare = async () => {
    for (const [filter, propertyId] of filters()) {
      expect(await countLogs(t.app.db, filter, propertyId), JSON.stringify({ filter, propertyId })).toBe(
        await exact(filter, propertyId),
      );
    }
  };
  await compare();
  const some = await t.app.db.select({ id: gateLogs.id }).from(gateLogs).limit(17);
  await t.app.db.delete(gateLogs).where(
    inArray(
      gateLogs.id,
      some.map((row) => row.id),
    ),
  );
  await compare();
  expect(await countLogs(t.app.db, { timezone: 'UTC' })).toBe(93);
});
