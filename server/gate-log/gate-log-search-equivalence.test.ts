import type { LogFilter } from '@core/api/gate-log';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceMatches, referenceSearch } from '../../test/support/reference-log-search';
import { createTestDatabase } from '../../test/support/test-database';
import type { Database } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { findLogPage } from './gate-log-page';
import { createMonths } from './gate-log-partitions';
import { streamLogs } from './gate-log-queries';
import { EXACT_SUBJECT_EVENTS, resolveCriteria } from './gate-log-search';
import { type GateLogEntry, insertGateLogRows, newGateLogId } from './gate-log-sink';
import { COUNTED_SUBJECTS, subjectCount } from './gate-log-subject-events';

const DAY = 24 * 3600 * 1000;
// The log ends mid-December, so the last week crosses no month but the date ranges below do.
const END = Date.parse('2026-12-15T12:00:00Z');
const OAK = '00000000-0000-4000-8000-00000000000a';
const ELM = '00000000-0000-4000-8000-00000000000b';

const olga = { firstName: 'Olga', lastName: 'Oldfield', email: 'olga@old.test', phoneNumber: '+15550100009' };
const residents = [
  { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phoneNumber: '+15550100001' },
  { firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@example.org', phoneNumber: '+15550100002' },
  { firstName: 'Alan', lastName: 'Turing', email: 'alan_t@example.com', phoneNumber: null },
  { firstName: 'Ken', lastName: 'Thompson', email: 'ken@unix.test', phoneNumber: '+447700900123' },
];

/**
 * A log shaped to take every path: residents whose texts repeat (few subjects, many events), Olga
 * who came daily until three months ago (rare among the newest events, past EXACT_SUBJECT_EVENTS
 * in all), and visitors each with a text of their own that names its host (terms in thousands of
 * subjects; those before the newest 3,000 events from "past-visit.test", a term rare among the
 * newest events that names more subjects than are counted), over four months, two properties,
 * both caller types.
 */
function entries(): GateLogEntry[] {
  const total = 24_000;
  return Array.from({ length: total }, (_, n) => {
    const timestamp = new Date(END - (n / total) * 120 * DAY);
    const propertyId = n % 3 === 0 ? ELM : OAK;
    const common = {
      timestamp,
      propertyId,
      deviceId: null,
      status: 'success' as const,
      deviceDetails: { deviceName: n % 2 ? 'Main Gate' : 'Side Door', deviceType: 'gate' },
      propertyDetails: { propertyName: propertyId === OAK ? 'Oak Ridge' : 'Elm Court', propertyLocation: '1 Road' },
    };
    if (n >= 3000 && n % 2 === 0) return { ...common, callerType: 'user', userDetails: olga };
    if (n % 6 !== 5) return { ...common, callerType: 'user', userDetails: residents[n % 5 ? 0 : 1 + (n % 3)] };
    return {
      ...common,
      callerType: 'visitor',
      visitorDetails: {
        firstName: `Quentin${n % 40}`,
        lastName: `Guest${n}`,
        email: `guest${n}@${n < 3000 ? 'visit' : 'past-visit'}.test`,
      },
      qrCodeDetails: { qrFirstName: `Pass${n % 7}`, qrLastName: '50%_off' },
      creatorDetails: residents[n % residents.length],
    };
  });
}

const TERMS = [
  'ada',
  'Lovelace',
  'ada lovelace',
  'ada@example.com',
  'ADA@EXAMPLE.COM',
  '@example.com',
  'example',
  'ove',
  'grace.hopper',
  'alan_t',
  '(555) 010-0001',
  '+44 7700 900123',
  '5550100',
  'guest12',
  'guest1234@visit.test',
  'quentin3',
  'pass6',
  '50%',
  '_off',
  'Main Gate',
  'Oak Ridge',
  'oldfield',
  'olga@old.test',
  'past-visit',
  'guest2@past',
  'nobody',
];

const FILTERS: { name: string; filter: Omit<LogFilter, 'search'>; propertyId?: string }[] = [
  { name: 'everything', filter: { timezone: 'UTC' } },
  { name: 'a property', filter: { timezone: 'UTC' }, propertyId: OAK },
  { name: 'dates across a month', filter: { timezone: 'EST', startDate: '2026-10-25', endDate: '2026-11-05' } },
  { name: 'visitors', filter: { timezone: 'UTC', callerType: 'visitor' } },
  {
    name: 'all together',
    filter: { timezone: 'EST', startDate: '2026-09-01', endDate: '2026-12-31', callerType: 'user' },
    propertyId: ELM,
  },
];

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await createMonths(database.orm, new Date(END - 130 * DAY), new Date(END));
  const all = entries();
  for (let i = 0; i < all.length; i += 1000) {
    await insertGateLogRows(
      database.orm,
      all.slice(i, i + 1000).map((entry) => ({ id: newGateLogId(), entry })),
    );
  }
  await database.orm.execute(sql`analyze relay_logs`);
}, 300_000);
afterAll(() => database?.close());

describe('the gate log search through subjects', () => {
  it('takes each of its paths on this log', async () => {
    const db = database.orm;
    const path = async (search: string) => {
      const criteria = await resolveCriteria(db, { timezone: 'UTC', search });
      const { total } = await findLogPage(db, { timezone: 'UTC', search }, { page: 1, limit: 10 });
      return `${criteria.search?.by}, ${total.exact ? 'exact' : 'estimated'}`;
    };
    expect(await path('guest1234@visit.test')).toBe('subjects, exact');
    expect(await path('oldfield')).toBe('subjects, estimated');
    const olgas = await referenceSearch(db, { timezone: 'UTC', search: 'oldfield' }, { page: 1, limit: 1 });
    expect(olgas.total).toBeGreaterThan(EXACT_SUBJECT_EVENTS);
    expect(await path('quentin')).toBe('event-text, estimated');
    const pastVisits = await resolveCriteria(db, { timezone: 'UTC', search: 'past-visit' });
    expect(subjectCount(pastVisits)).toBeGreaterThan(COUNTED_SUBJECTS);
    expect(await path('past-visit')).toBe('subjects, estimated');
    const [subjects] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from relay_log_subjects`));
    expect(subjects.n).toBeGreaterThan(3000);
  });

  // PGlite runs the same SQL on one core at a fraction of the speed: there the table of terms is
  // checked under the widest and the narrowest filter, and under all five on PostgreSQL.
  const filters =
    process.env.DB_KIND === 'pglite'
      ? FILTERS.filter(({ name }) => ['everything', 'all together'].includes(name))
      : FILTERS;
  for (const { name, filter, propertyId } of filters) {
    it(`finds the same events as the search of each event's text, for ${name}`, async () => {
      const db = database.orm;
      for (const term of TERMS) {
        const search = { ...filter, search: term };
        const matches = await referenceMatches(db, search, propertyId);
        for (const page of [1, 2, 40]) {
          const shown = await findLogPage(db, search, { page, limit: 10 }, propertyId);
          const expected = { ids: matches.slice((page - 1) * 10, page * 10), total: matches.length };
          const label = `${term} (${name}), page ${page}`;
          expect(
            shown.logs.map((log) => log._id),
            label,
          ).toEqual(expected.ids);
          if (shown.total.exact) expect(shown.total.totalItems, label).toBe(expected.total);
          else expect(Math.abs(shown.total.totalItems - expected.total), label).toBeLessThanOrEqual(expected.total / 4);
        }
      }
    }, 120_000);
  }

  it('exports the same events, in the same order', async () => {
    const db = database.orm;
    for (const term of ['ada lovelace', 'oldfield', 'guest12', 'quentin', 'pass6', 'nobody']) {
      const search = { timezone: 'UTC' as const, search: term };
      const exported: string[] = [];
      for await (const log of streamLogs(db, search, undefined, 500)) exported.push(log._id);
      const expected = await referenceSearch(db, search, { page: 1, limit: 100_000 });
      expect(exported, term).toEqual(expected.ids);
    }
  }, 120_000);
});
