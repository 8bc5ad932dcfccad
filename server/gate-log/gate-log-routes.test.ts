import { LOG_CSV_COLUMNS } from '@core/api/gate-log-cells';
import { MAX_EXPORT_ROWS } from '@core/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { users } from '../accounts/account-tables';
import { devices } from '../device-records/device-tables';
import { properties } from '../property-records/property-tables';
import { qrCodes, visitors } from '../visitors/visitor-tables';
import { type GateLogEntry, writeGateLog } from './gate-log-sink';
import { gateLogs } from './gate-log-tables';

let t: TestApp;
let oak: { id: string };
let elm: { id: string };
let superadmin: SeededUser;
let oakAdmin: SeededUser;
let resident: SeededUser;

const entry = (values: Omit<Partial<GateLogEntry>, 'timestamp'> & { timestamp: string }): GateLogEntry => ({
  callerType: 'user',
  status: 'success',
  propertyId: oak.id,
  deviceId: null,
  userDetails: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phoneNumber: '+15551234567' },
  deviceDetails: { deviceName: 'Main Gate', deviceType: 'gate' },
  propertyDetails: { propertyName: 'Oak Ridge', propertyLocation: '12 Oak Road' },
  relayOperations: [{ command: 'relay/0 on', success: true }],
  totalDurationMs: 120,
  ...values,
  timestamp: new Date(values.timestamp),
});

const visitorEntry = (timestamp: string, qrFirstName: string, propertyId = oak.id) =>
  entry({
    timestamp,
    propertyId,
    callerType: 'visitor',
    userDetails: null,
    visitorDetails: { firstName: 'Vera', lastName: 'Visitor', email: 'vera@example.com' },
    qrCodeDetails: { qrFirstName, qrLastName: 'Guest' },
    creatorDetails: { firstName: 'Rita', lastName: 'Resident', email: 'rita@example.com', phoneNumber: null },
  });

const get = (url: string, user: SeededUser) => t.app.inject({ method: 'GET', url, headers: bearer(user.token) });

beforeAll(async () => {
  t = await createTestApp();
  oak = await seedProperty(t.app, { propertyName: 'Oak Ridge' });
  elm = await seedProperty(t.app, { propertyName: 'Elm Court' });
  superadmin = await seedUser(t.app, { role: 'superadmin' });
  oakAdmin = await seedUser(t.app, { role: 'admin', propertyId: oak.id });
  resident = await seedUser(t.app, { role: 'resident', propertyId: oak.id });
  // Either side of the March 2026 daylight-saving change in New York (08 March, 07:00Z).
  await writeGateLog(t.app.db, entry({ timestamp: '2026-03-07T04:30:00Z' })); // 06 March 23:30 EST
  await writeGateLog(t.app.db, entry({ timestamp: '2026-03-07T15:00:00Z', status: 'failed' }));
  await writeGateLog(t.app.db, visitorEntry('2026-03-09T03:30:00Z', 'Quentin')); // 08 March 23:30 EDT
  await writeGateLog(t.app.db, visitorEntry('2026-03-09T15:00:00Z', 'Priya', elm.id));
});
afterAll(() => t.close());

describe('who may read logs', () => {
  it('refuses a resident every log route with the log screen text', async () => {
    for (const url of [
      '/api/relay-logs/all',
      `/api/relay-logs/property/${oak.id}`,
      '/api/relay-logs/all/export',
      `/api/relay-logs/property/${oak.id}/export`,
    ]) {
      const answer = await get(url, resident);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json()).toEqual({
        message: 'Insufficient permissions to view logs',
        requestId: expect.any(String),
      });
    }
  });

  it('keeps an admin to their own property: all logs are 403, another property is 404', async () => {
    expect((await get('/api/relay-logs/all', oakAdmin)).statusCode).toBe(403);
    expect((await get(`/api/relay-logs/property/${elm.id}`, oakAdmin)).statusCode).toBe(404);
    expect((await get(`/api/relay-logs/property/${elm.id}/export`, oakAdmin)).statusCode).toBe(404);
    const own = await get(`/api/relay-logs/property/${oak.id}`, oakAdmin);
    expect(own.statusCode).toBe(200);
    expect(
      own
        .json()
        .logs.every(
          (log: { propertyDetails: { propertyName: string } }) => log.propertyDetails.propertyName === 'Oak Ridge',
        ),
    ).toBe(true);
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/relay-logs/all' })).statusCode).toBe(401);
  });
});

describe('GET /api/relay-logs/all and /property/{propertyId}', () => {
  it('answers the docs/SPEC.md shape, newest first, with pagination', async () => {
    const answer = await get('/api/relay-logs/all?limit=3', superadmin);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Logs fetched successfully',
      pagination: { totalItems: 4, totalPages: 2, currentPage: 1, totalExact: true },
    });
    expect(body.logs.map((log: { timestamp: string }) => log.timestamp)).toEqual([
      '2026-03-09T15:00:00.000Z',
      '2026-03-09T03:30:00.000Z',
      '2026-03-07T15:00:00.000Z',
    ]);
    expect(body.logs[0]).toMatchObject({
      callerType: 'visitor',
      qrCodeDetails: { qrFirstName: 'Priya', qrLastName: 'Guest' },
      creatorDetails: { firstName: 'Rita', email: 'rita@example.com' },
      performanceMetrics: { totalDuration: 120 },
      relayOperations: [{ command: 'relay/0 on', success: true }],
    });
    const second = (await get('/api/relay-logs/all?limit=3&page=2', superadmin)).json();
    expect(second.logs).toHaveLength(1);
    expect(second.pagination.currentPage).toBe(2);
  });

  it('reads start and end dates as whole days in the chosen zone', async () => {
    const times = async (query: string) =>
      (await get(`/api/relay-logs/all?${query}`, superadmin))
        .json()
        .logs.map((log: { timestamp: string }) => log.timestamp);
    expect(await times('startDate=2026-03-08&endDate=2026-03-08&timezone=EST')).toEqual(['2026-03-09T03:30:00.000Z']);
    expect(await times('startDate=2026-03-06&endDate=2026-03-06&timezone=EST')).toEqual(['2026-03-07T04:30:00.000Z']);
    expect(await times('startDate=2026-03-07&endDate=2026-03-07&timezone=UTC')).toEqual([
      '2026-03-07T15:00:00.000Z',
      '2026-03-07T04:30:00.000Z',
    ]);
    expect(await times('startDate=2026-03-09&timezone=UTC')).toEqual([
      '2026-03-09T15:00:00.000Z',
      '2026-03-09T03:30:00.000Z',
    ]);
  });

  it('filters by caller type and by a search over names, emails, phones and QR names', async () => {
    const total = async (query: string) =>
      (await get(`/api/relay-logs/all?${query}`, superadmin)).json().pagination.totalItems;
    expect(await total('callerType=visitor')).toBe(2);
    expect(await total('callerType=user')).toBe(2);
    expect(await total('search=quentin')).toBe(1);
    expect(await total('search=PRIYA')).toBe(1);
    expect(await total('search=rita%40example')).toBe(2);
    expect(await total('search=(555)%20123-4567')).toBe(2);
    expect(await total('search=100%25')).toBe(0);
    expect(await total(`search=quentin&callerType=user`)).toBe(0);
    const empty = (await get('/api/relay-logs/all?search=nobody-at-all', superadmin)).json();
    expect(empty).toMatchObject({ logs: [], message: 'No logs found for the selected criteria' });
  });

  it('lets a superadmin read one chosen property', async () => {
    const body = (await get(`/api/relay-logs/property/${elm.id}`, superadmin)).json();
    expect(body.pagination.totalItems).toBe(1);
    expect(body.logs[0].qrCodeDetails.qrFirstName).toBe('Priya');
  });

  it('names the field of bad input', async () => {
    const cases: [string, string][] = [
      ['startDate=03/07/2026', 'startDate'],
      ['startDate=2026-03-09&endDate=2026-03-01', 'endDate'],
      ['timezone=PST', 'timezone'],
      ['callerType=robot', 'callerType'],
      ['limit=0', 'limit'],
      ['color=red', 'color'],
    ];
    for (const [query, field] of cases) {
      const answer = await get(`/api/relay-logs/all?${query}`, superadmin);
      expect(answer.statusCode, query).toBe(400);
      expect(Object.keys(answer.json().fieldErrors), query).toContain(field);
    }
    const badId = await get('/api/relay-logs/property/not-an-id', superadmin);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fieldErrors).toHaveProperty('propertyId');
  });
});

describe('CSV export', () => {
  it('streams the filter as CSV with times in the chosen zone', async () => {
    const answer = await get(`/api/relay-logs/property/${oak.id}/export?timezone=EST&startDate=2026-03-06`, oakAdmin);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toMatch(/attachment; filename="gate-logs-.*-EST\.csv"/);
    const lines = answer.body.trim().split('\r\n');
    expect(lines[0]).toBe(LOG_CSV_COLUMNS.join(','));
    expect(lines.slice(1)).toEqual([
      `2026-03-08 23:30:00 EDT,Quentin Guest,Main Gate,Oak Ridge (12 Oak Road),SUCCESS,Pulse sent,120,visitor,vera@example.com,,Rita Resident (rita@example.com),,relay/0 on: ok,`,
      `2026-03-07 10:00:00 EST,Ada Lovelace,Main Gate,Oak Ridge (12 Oak Road),FAILED,Pulse sent,120,user,ada@example.com,'+15551234567,,,relay/0 on: ok,`,
      `2026-03-06 23:30:00 EST,Ada Lovelace,Main Gate,Oak Ridge (12 Oak Road),SUCCESS,Pulse sent,120,user,ada@example.com,'+15551234567,,,relay/0 on: ok,`,
    ]);
  });

  it('walks past one batch without losing or repeating rows', async () => {
    const property = await seedProperty(t.app);
    const base = Date.parse('2025-01-01T00:00:00Z');
    for (let i = 0; i < 2500; i += 500) {
      const batch = Array.from({ length: 500 }, (_, j) => ({
        timestamp: new Date(base + Math.floor((i + j) / 3) * 1000),
        propertyId: property.id,
        callerType: 'user' as const,
        status: 'success' as const,
        totalDurationMs: i + j,
      }));
      await t.app.db.insert(gateLogs).values(batch);
    }
    const answer = await get(`/api/relay-logs/property/${property.id}/export?timezone=UTC`, superadmin);
    const durations = answer.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[6]));
    expect(durations).toHaveLength(2500);
    expect(new Set(durations).size).toBe(2500);
  });
});

describe('CSV export size', () => {
  it('refuses, naming the dates, an export larger than MAX_EXPORT_ROWS instead of cutting it short', async () => {
    const property = await seedProperty(t.app);
    await t.app.db.execute(sql`
      insert into relay_logs (timestamp, property_id, caller_type, status)
      select timestamptz '2025-06-01 00:00:00+00' + n * interval '3 seconds', ${property.id}::uuid, 'user', 'success'
      from generate_series(1, ${MAX_EXPORT_ROWS + 1}) as n`);
    const url = `/api/relay-logs/property/${property.id}/export?timezone=UTC`;
    const tooMany = await get(url, superadmin);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/^This filter matches 50001 events/);
    expect(tooMany.json().fieldErrors).toHaveProperty('startDate');
    // Every 3 s from 00:00:03 on 1 June: 28,799 events that day, the rest on 2 June.
    const narrowed = await get(`${url}&startDate=2025-06-02&endDate=2025-06-02`, superadmin);
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.body.trim().split('\r\n')).toHaveLength(1 + (MAX_EXPORT_ROWS + 1 - 28799));
  });
});

describe('history', () => {
  it('survives deleting the user, visitor, QR code and device it names, and renaming the property', async () => {
    const property = await seedProperty(t.app, { propertyName: 'Birch Hill', propertyLocation: '3 Birch Lane' });
    const owner = await seedUser(t.app, {
      role: 'resident',
      propertyId: property.id,
      firstName: 'Omar',
      lastName: 'Owner',
    });
    const [device] = await t.app.db
      .insert(devices)
      .values({ propertyId: property.id, deviceName: 'North Gate', deviceIpAddress: '10.0.0.9', deviceKeyHash: 'k1' })
      .returning();
    const [visitor] = await t.app.db
      .insert(visitors)
      .values({
        firstName: 'Val',
        lastName: 'Guest',
        email: 'val@example.com',
        propertyId: property.id,
        createdBy: owner.id,
      })
      .returning();
    const [qr] = await t.app.db
      .insert(qrCodes)
      .values({
        visitorId: visitor.id,
        propertyId: property.id,
        createdBy: owner.id,
        tokenHash: 'qr-hash-1',
        qrFirstName: 'Val',
        qrLastName: 'Guest',
        qrType: 'betweenDates',
        startDate: new Date('2026-01-01T00:00:00Z'),
      })
      .returning();
    const snapshot = {
      propertyId: property.id,
      deviceId: device.id,
      deviceDetails: { deviceName: device.deviceName, deviceType: device.deviceType },
      propertyDetails: { propertyName: property.propertyName, propertyLocation: property.propertyLocation },
    };
    await writeGateLog(t.app.db, {
      ...entry({ timestamp: '2026-02-01T12:00:00Z' }),
      ...snapshot,
      actorUserId: owner.id,
      userDetails: { firstName: 'Omar', lastName: 'Owner', email: owner.email, phoneNumber: null },
    });
    await writeGateLog(t.app.db, {
      ...visitorEntry('2026-02-02T12:00:00Z', qr.qrFirstName),
      ...snapshot,
      creatorUserId: owner.id,
      visitorDetails: { firstName: visitor.firstName, lastName: visitor.lastName, email: visitor.email },
    });
    const url = `/api/relay-logs/property/${property.id}`;
    const before = (await get(url, superadmin)).json().logs;
    expect(before).toHaveLength(2);

    await t.app.db.delete(qrCodes).where(eq(qrCodes.id, qr.id));
    await t.app.db.delete(visitors).where(eq(visitors.id, visitor.id));
    await t.app.db.delete(users).where(eq(users.id, owner.id));
    await t.app.db.delete(devices).where(eq(devices.id, device.id));
    await t.app.db.update(properties).set({ propertyName: 'Renamed' }).where(eq(properties.id, property.id));

    const after = (await get(url, superadmin)).json().logs;
    expect(after).toEqual(before);
    expect(after[0]).toMatchObject({
      visitorDetails: { firstName: 'Val', email: 'val@example.com' },
      deviceDetails: { deviceName: 'North Gate' },
      propertyDetails: { propertyName: 'Birch Hill' },
    });
    expect(after[1].userDetails).toMatchObject({ firstName: 'Omar', lastName: 'Owner' });
    expect((await get('/api/relay-logs/all?search=omar%20owner', superadmin)).json().pagination.totalItems).toBe(1);
  });
});

describe('GET /api/relay-logs/user/{UID}/notifications', () => {
  it('pages the caller’s own gate events and their visitors’ arrivals, newest first', async () => {
    const me = await seedUser(t.app, { role: 'resident', propertyId: oak.id });
    const someoneElse = await seedUser(t.app, { role: 'resident', propertyId: oak.id });
    const base = Date.parse('2026-04-01T12:00:00Z');
    for (let i = 0; i < 12; i++) {
      const timestamp = new Date(base + i * 60_000).toISOString();
      await writeGateLog(
        t.app.db,
        i % 2
          ? { ...visitorEntry(timestamp, `Guest${i}`), creatorUserId: me.id }
          : { ...entry({ timestamp }), actorUserId: me.id },
      );
    }
    await writeGateLog(t.app.db, { ...entry({ timestamp: '2026-04-02T00:00:00Z' }), actorUserId: someoneElse.id });

    const first = (await get(`/api/relay-logs/user/${me.id}/notifications`, me)).json();
    expect(first.success).toBe(true);
    expect(first.logs).toHaveLength(10);
    expect(first.pagination).toEqual({ hasMore: true });
    expect(first.logs[0].qrCodeDetails.qrFirstName).toBe('Guest11');
    const second = (await get(`/api/relay-logs/user/${me.id}/notifications?page=2`, me)).json();
    expect(second.logs.map((log: { timestamp: string }) => log.timestamp)).toEqual([
      new Date(base + 60_000).toISOString(),
      new Date(base).toISOString(),
    ]);
    expect(second.pagination).toEqual({ hasMore: false });
  });

  it('pages across the start of the previous month, where the bell stops reading first', async () => {
    const me = await seedUser(t.app, { role: 'resident', propertyId: oak.id });
    const now = new Date();
    const recentFrom = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
    const times = [
      ...Array.from({ length: 5 }, (_, i) => now.getTime() - (i + 1) * 60_000),
      recentFrom,
      ...Array.from({ length: 6 }, (_, i) => recentFrom - 1 - i * 60_000),
    ];
    for (const [i, at] of times.entries()) {
      const timestamp = new Date(at).toISOString();
      await writeGateLog(
        t.app.db,
        i % 2
          ? { ...visitorEntry(timestamp, `Guest${i}`), creatorUserId: me.id }
          : { ...entry({ timestamp }), actorUserId: me.id },
      );
    }
    const shown = async (page: number) =>
      (await get(`/api/relay-logs/user/${me.id}/notifications?page=${page}`, me)).json();
    const [first, second] = [await shown(1), await shown(2)];
    const iso = (at: number) => new Date(at).toISOString();
    expect(first.logs.map((log: { timestamp: string }) => log.timestamp)).toEqual(times.slice(0, 10).map(iso));
    expect(first.pagination).toEqual({ hasMore: true });
    expect(second.logs.map((log: { timestamp: string }) => log.timestamp)).toEqual(times.slice(10).map(iso));
    expect(second.pagination).toEqual({ hasMore: false });
  });

  it('shows a manager every gate event at their property, a resident’s opening and a reader’s refusal, and none elsewhere', async () => {
    const pine = await seedProperty(t.app, { propertyName: 'Pine Row' });
    const manager = await seedUser(t.app, { role: 'admin', propertyId: pine.id });
    const neighbour = await seedUser(t.app, { role: 'resident', propertyId: pine.id });
    const pineResident = await seedUser(t.app, { role: 'resident', propertyId: pine.id });
    const opening = { ...entry({ timestamp: '2026-04-03T10:00:00Z', propertyId: pine.id }), actorUserId: neighbour.id };
    const refusal = {
      ...visitorEntry('2026-04-03T11:00:00Z', 'Refused', pine.id),
      status: 'failed' as const,
      reason: 'Not in a group for this gate',
    };
    await writeGateLog(t.app.db, opening);
    await writeGateLog(t.app.db, refusal);
    await writeGateLog(t.app.db, { ...entry({ timestamp: '2026-04-03T12:00:00Z', propertyId: elm.id }) });

    const shown = (await get(`/api/relay-logs/user/${manager.id}/notifications`, manager)).json();
    expect(shown.logs.map((log: { timestamp: string }) => log.timestamp)).toEqual([
      '2026-04-03T11:00:00.000Z',
      '2026-04-03T10:00:00.000Z',
    ]);
    const residentSees = (await get(`/api/relay-logs/user/${pineResident.id}/notifications`, pineResident)).json();
    expect(residentSees.logs).toEqual([]);
  });

  it('refuses another user’s notifications with 403, even to a superadmin', async () => {
    for (const caller of [resident, oakAdmin, superadmin]) {
      const answer = await get(
        `/api/relay-logs/user/${oakAdmin.id === caller.id ? resident.id : oakAdmin.id}/notifications`,
        caller,
      );
      expect(answer.statusCode).toBe(403);
    }
    expect((await get(`/api/relay-logs/user/${superadmin.id}/notifications`, superadmin)).statusCode).toBe(200);
  });
});
