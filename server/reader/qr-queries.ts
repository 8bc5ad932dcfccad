import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accountRowColumns, accountRows } from '../accounts/account-rows';
import { deviceRowColumns, deviceRows } from '../device-records/device-rows';
import { sha256Hex } from '../platform/crypto/keys';
import { coalescing } from '../platform/db/coalescing';
import type { Orm } from '../platform/db/connect';
import { preparedPerDatabase } from '../platform/db/prepared-per-database';
import { propertyRowColumns, propertyRows } from '../property-records/property-rows';
import { qrCodeColumns, qrCodeRows, visitorColumns, visitorRows } from '../visitors/scanned-code-rows';

const codeProperty = alias(propertyRows, 'code_property');

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
      device: deviceRowColumns,
      property: {
        propertyName: propertyRowColumns.propertyName,
        propertyLocation: propertyRowColumns.propertyLocation,
        timeZone: propertyRowColumns.timeZone,
      },
      code: {
        id: qrCodeColumns.id,
        propertyId: qrCodeColumns.propertyId,
        qrFirstName: qrCodeColumns.qrFirstName,
        qrLastName: qrCodeColumns.qrLastName,
        qrType: qrCodeColumns.qrType,
        startDate: qrCodeColumns.startDate,
        endDate: qrCodeColumns.endDate,
        lifetimeValidity: qrCodeColumns.lifetimeValidity,
        recurringDays: qrCodeColumns.recurringDays,
        multipleDays: qrCodeColumns.multipleDays,
        qrNotification: qrCodeColumns.qrNotification,
        gateIds: qrCodeColumns.gateIds,
      },
      visitor: { firstName: visitorColumns.firstName, lastName: visitorColumns.lastName, email: visitorColumns.email },
      creator: {
        id: accountRowColumns.id,
        firstName: accountRowColumns.firstName,
        lastName: accountRowColumns.lastName,
        email: accountRowColumns.email,
        phoneNumber: accountRowColumns.phoneNumber,
        prefEmail: accountRowColumns.prefEmail,
        prefSms: accountRowColumns.prefSms,
      },
      timeZone: codeProperty.timeZone,
    })
    .from(scanRequests)
    .innerJoin(deviceRows, eq(deviceRows.deviceKeyHash, sql`scan_request.device_key_hash`))
    .innerJoin(propertyRows, eq(propertyRows.id, deviceRows.propertyId))
    .leftJoin(qrCodeRows, eq(qrCodeRows.tokenHash, sql`scan_request.token_hash`))
    .leftJoin(visitorRows, eq(visitorRows.id, qrCodeRows.visitorId))
    .leftJoin(accountRows, eq(accountRows.id, qrCodeRows.createdBy))
    .leftJoin(codeProperty, eq(codeProperty.id, qrCodeRows.propertyId))
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
