import { test as base } from '@playwright/test';
import type { Role } from '../../core/roles';
import { users } from '../../server/accounts/account-tables';
import { type GateLogEntry, writeGateLog } from '../../server/gate-log/gate-log-sink';
import { hashPassword } from '../../server/identity/passwords';
import type { Orm } from '../../server/platform/db/connect';
import { properties } from '../../server/property-records/property-tables';
import type { Credentials } from './fixtures';
import { type RunningServer, startGatehouse } from './gatehouse-server';

export const OAK = { propertyName: 'Oak Ridge Estates', propertyLocation: '12 Oak Road' };
export const ELM = { propertyName: 'Elm Court', propertyLocation: '9 Elm Street' };
export const PASSWORD = 'seeded-password-1';
export const OAK_ADMIN: Credentials = { email: 'oak.admin@example.com', password: PASSWORD, role: 'admin' };
export const BELL_RESIDENT: Credentials = { email: 'rhea.resident@example.com', password: PASSWORD, role: 'resident' };
/** Property Oak's events in February and March 2026 (the filler plus the named ones below). */
export const OAK_EVENTS_FEB_MAR = 63;

const gate = { deviceName: 'Main Gate', deviceType: 'gate' };
const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phoneNumber: '+15551230001' };
const rita = { firstName: 'Rita', lastName: 'Resident', email: 'rita@example.com', phoneNumber: null };
const rhea = { firstName: 'Rhea', lastName: 'Resident', email: BELL_RESIDENT.email, phoneNumber: null };

async function insertUser(db: Orm, user: Credentials & { firstName: string; lastName: string }, propertyId: string) {
  const [row] = await db
    .insert(users)
    .values({
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role as Role,
      propertyId,
      passwordHash: await hashPassword(user.password, 256),
    })
    .returning();
  return row.id;
}

async function insertProperty(db: Orm, values: typeof OAK) {
  // Ten years of gate events kept: the seeds reach back past the default two, which the server's
  // upkeep at start would remove.
  const [row] = await db
    .insert(properties)
    .values({ ...values, gateEventRetentionMonths: 120 })
    .returning();
  return row.id;
}

const visitor = (qrFirstName: string, creator = rita) => ({
  callerType: 'visitor' as const,
  visitorDetails: { firstName: 'Vera', lastName: 'Visitor', email: `${qrFirstName.toLowerCase()}@example.com` },
  qrCodeDetails: { qrFirstName, qrLastName: 'Guest' },
  creatorDetails: creator,
});

/**
 * Two properties with gate events on both sides of the March 2026 daylight-saving change in New
 * York (08 March 07:00Z), 63 of them at Oak in February and March, and an Oak admin who signs in.
 */
export async function seedGateLogs(db: Orm) {
  const oak = await insertProperty(db, OAK);
  const elm = await insertProperty(db, ELM);
  await insertUser(db, { ...OAK_ADMIN, firstName: 'Owen', lastName: 'Admin' }, oak);
  const at = (propertyId: string, values: Partial<GateLogEntry> & { timestamp: Date }): GateLogEntry => ({
    callerType: 'user',
    status: 'success',
    propertyId,
    deviceId: null,
    userDetails: ada,
    deviceDetails: gate,
    propertyDetails: propertyId === oak ? OAK : ELM,
    relayOperations: [{ command: 'relay/0 on', success: true }],
    totalDurationMs: 140,
    ...values,
  });
  for (let i = 0; i < 60; i++) {
    const timestamp = new Date(Date.UTC(2026, 1, 1 + (i % 27), 13, i));
    await writeGateLog(
      db,
      at(oak, { timestamp, totalDurationMs: 100 + i, status: i % 9 === 0 ? 'failed' : 'success' }),
    );
  }
  await writeGateLog(db, at(oak, { timestamp: new Date('2026-03-07T15:00:00Z'), status: 'partial' }));
  await writeGateLog(db, at(oak, { timestamp: new Date('2026-03-09T15:00:00Z'), ...visitor('Quentin') }));
  await writeGateLog(
    db,
    at(oak, { timestamp: new Date('2026-03-10T12:00:00Z'), ...visitor('Priya'), status: 'failed' }),
  );
  await writeGateLog(db, at(elm, { timestamp: new Date('2026-03-09T16:00:00Z'), ...visitor('Quentin') }));
  await writeGateLog(
    db,
    at(elm, { timestamp: new Date('2026-03-08T12:00:00Z'), userDetails: { ...ada, firstName: 'Elmer' } }),
  );
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * 25 bell events for Rhea (her own openings and her visitors' arrivals), newest first: one stamped
 * a little after the seed so it still reads 'Just now' once the server has started, then 10
 * minutes, 3 hours, 2 days and about 2 months ago, then 20 from about 2 years ago.
 */
export async function seedBellEvents(db: Orm) {
  const oak = await insertProperty(db, OAK);
  const elm = await insertProperty(db, ELM);
  const rheaId = await insertUser(db, { ...BELL_RESIDENT, firstName: rhea.firstName, lastName: rhea.lastName }, oak);
  const now = Date.now();
  const base = {
    status: 'success' as const,
    propertyId: oak,
    deviceId: null,
    deviceDetails: gate,
    propertyDetails: OAK,
  };
  const own = { callerType: 'user' as const, actorUserId: rheaId, userDetails: rhea };
  const arrival = (name: string) => ({ ...visitor(name, rhea), creatorUserId: rheaId });
  const events: GateLogEntry[] = [
    { ...base, ...own, timestamp: new Date(now + 45_000) },
    { ...base, ...arrival('Vince'), status: 'failed', timestamp: new Date(now - 10 * MINUTE) },
    { ...base, ...own, status: 'failed', propertyDetails: null, timestamp: new Date(now - 3 * 60 * MINUTE) },
    { ...base, ...own, userDetails: null, status: 'partial', timestamp: new Date(now - 2 * DAY) },
    { ...base, ...arrival('Maya'), timestamp: new Date(now - 65 * DAY) },
    ...Array.from({ length: 20 }, (_, i) => ({
      ...base,
      ...arrival(`Old${i + 1}`),
      timestamp: new Date(now - (740 + i) * DAY),
    })),
    // Her visitor tried a gate at another property: the bell says so.
    {
      ...base,
      ...arrival('Wanda'),
      status: 'failed',
      propertyId: elm,
      propertyDetails: ELM,
      timestamp: new Date(now - 800 * DAY),
    },
  ];
  for (const event of events) await writeGateLog(db, event);
  // Someone else's event at the same property never reaches Rhea's bell.
  await writeGateLog(db, { ...base, callerType: 'user', userDetails: ada, timestamp: new Date(now - MINUTE) });
}

/** A Playwright `test` whose worker runs its own server on a database seeded by `seed`. */
export function testWithSeededServer(seed: (db: Orm) => Promise<void>) {
  return base.extend<object, { seededServer: RunningServer }>({
    seededServer: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
      async ({}, use) => {
        const server = await startGatehouse({}, { seed });
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    baseURL: async ({ seededServer }, use) => use(seededServer.baseURL),
  });
}
