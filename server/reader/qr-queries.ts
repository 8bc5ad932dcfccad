import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../accounts/account-tables';
import { devices } from '../device-records/device-tables';
import { sha256Hex } from '../platform/crypto/keys';
import { coalescing } from '../platform/db/coalescing';
import type { Orm } from '../platform/db/connect';
import { preparedPerDatabase } from '../platform/db/prepared-per-database';
import { properties } from '../property-records/property-tables';
import { qrCodes, visitors } from '../visitors/visitor-tables';

const codeProperty = alias(properties, 'code_property');

/** Most scans one lookup answers; a fuller batch waits for the next lookup. */
const SCANS_PER_LOOKUP = 8;

/**
 * The scans of one batch, numbered from 1 in the order asked: always SCANS_PER_LOOKUP rows, the
 * unused ones null. A fixed row count lets PostgreSQL keep one generic plan for the prepared
 * statement; with an array of unknown length it planned the six-table join again at every batch.
 */
const scanRequests = sql`(values ${sql.join(
  Array.from(
    { length: SCANS_PER_LOOKUP },
    (_, i) => sql`(${i + 1}, ${sql.placeholder(`deviceKeyHash${i}`)}::text, ${sql.placeholder(`tokenHash${i}`)}::text)`,
  ),
  sql`, `,
)}) as scan_request(n, device_key_hash, token_hash)`;

const scanQuery = preparedPerDatabase((db: Orm) =>
  db
    .select({
      n: sql<number>`scan_request.n::integer`.mapWith(Number),
      device: devices,
      property: {
        propertyName: properties.propertyName,
        propertyLocation: properties.propertyLocation,
        timeZone: properties.timeZone,
      },
      code: {
        id: qrCodes.id,
        propertyId: qrCodes.propertyId,
        qrFirstName: qrCodes.qrFirstName,
        qrLastName: qrCodes.qrLastName,
        qrType: qrCodes.qrType,
        startDate: qrCodes.startDate,
        endDate: qrCodes.endDate,
        lifetimeValidity: qrCodes.lifetimeValidity,
        recurringDays: qrCodes.recurringDays,
        multipleDays: qrCodes.multipleDays,
        qrNotification: qrCodes.qrNotification,
        gateIds: qrCodes.gateIds,
      },
      visitor: { firstName: visitors.firstName, lastName: visitors.lastName, email: visitors.email },
      creator: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phoneNumber: users.phoneNumber,
        prefEmail: users.prefEmail,
        prefSms: users.prefSms,
      },
      timeZone: codeProperty.timeZone,
    })
    .from(scanRequests)
    .innerJoin(devices, eq(devices.deviceKeyHash, sql`scan_request.device_key_hash`))
    .innerJoin(properties, eq(properties.id, devices.propertyId))
    .leftJoin(qrCodes, eq(qrCodes.tokenHash, sql`scan_request.token_hash`))
    .leftJoin(visitors, eq(visitors.id, qrCodes.visitorId))
    .leftJoin(users, eq(users.id, qrCodes.createdBy))
    .leftJoin(codeProperty, eq(codeProperty.id, qrCodes.propertyId))
    .prepare('access_qr_find_scans'),
);

type ScanRow = Awaited<ReturnType<ReturnType<typeof scanQuery>['execute']>>[number];

function foundOf({ device, property, code, visitor, creator, timeZone }: ScanRow) {
  const found = code && visitor && creator && timeZone ? { code, visitor, creator, timeZone } : null;
  return { device, property, scanned: found };
}

/** Scans that arrive together are looked up in one query (docs/decisions/0015); two may run at once. */
const findScans = coalescing(
  async (db: Orm, scans: { deviceKeyHash: string; tokenHash: string }[]) => {
    const slots: Record<string, string | null> = {};
    for (let i = 0; i < SCANS_PER_LOOKUP; i++) {
      slots[`deviceKeyHash${i}`] = scans[i]?.deviceKeyHash ?? null;
      slots[`tokenHash${i}`] = scans[i]?.tokenHash ?? null;
    }
    const rows = await scanQuery(db).execute(slots);
    const answers: (ReturnType<typeof foundOf> | null)[] = scans.map(() => null);
    for (const row of rows) answers[row.n - 1] = foundOf(row);
    return answers;
  },
  { lanes: 2, maxBatch: SCANS_PER_LOOKUP },
);

/**
 * In one query: the gate device holding this key (null when no device does, any more), its
 * property (for the log), and the scanned code with everything the decision, the log and the
 * notification need, or null when no code has that token.
 */
export function findScan(db: Orm, scanned: string, deviceKeyHash: string) {
  return findScans(db, { deviceKeyHash, tokenHash: sha256Hex(scanned.trim()) });
}
export type ScannedCode = NonNullable<NonNullable<Awaited<ReturnType<typeof findScan>>>['scanned']>;
