import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sha256Hex } from '../crypto/keys';
import type { Orm } from '../db/connect';
import { preparedPerDatabase } from '../db/prepared-per-database';
import { devices, properties, qrCodes, users, visitors } from '../db/schema';

const codeProperty = alias(properties, 'code_property');

const scanQuery = preparedPerDatabase((db: Orm) =>
  db
    .select({
      device: devices,
      property: { propertyName: properties.propertyName, propertyLocation: properties.propertyLocation },
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
    .from(devices)
    .innerJoin(properties, eq(properties.id, devices.propertyId))
    .leftJoin(qrCodes, eq(qrCodes.tokenHash, sql.placeholder('tokenHash')))
    .leftJoin(visitors, eq(visitors.id, qrCodes.visitorId))
    .leftJoin(users, eq(users.id, qrCodes.createdBy))
    .leftJoin(codeProperty, eq(codeProperty.id, qrCodes.propertyId))
    .where(eq(devices.deviceKeyHash, sql.placeholder('deviceKeyHash')))
    .limit(1)
    .prepare('access_qr_find_scan'),
);

/**
 * In one query: the gate device holding this key (null when no device does, any more), its
 * property (for the log), and the scanned code with everything the decision, the log and the
 * notification need, or null when no code has that token.
 */
export async function findScan(db: Orm, scanned: string, deviceKeyHash: string) {
  const [row] = await scanQuery(db).execute({ tokenHash: sha256Hex(scanned.trim()), deviceKeyHash });
  if (!row) return null;
  const { device, property, code, visitor, creator, timeZone } = row;
  const found = code && visitor && creator && timeZone ? { code, visitor, creator, timeZone } : null;
  return { device, property, scanned: found };
}
export type ScannedCode = NonNullable<NonNullable<Awaited<ReturnType<typeof findScan>>>['scanned']>;
