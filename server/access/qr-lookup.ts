import { eq, sql } from 'drizzle-orm';
import { sha256Hex } from '../crypto/keys';
import type { Orm } from '../db/connect';
import { preparedPerDatabase } from '../db/prepared-per-database';
import { properties, qrCodes, users, visitors } from '../db/schema';

const scanQuery = preparedPerDatabase((db: Orm) =>
  db
    .select({
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
      timeZone: properties.timeZone,
    })
    .from(qrCodes)
    .innerJoin(visitors, eq(visitors.id, qrCodes.visitorId))
    .innerJoin(users, eq(users.id, qrCodes.createdBy))
    .innerJoin(properties, eq(properties.id, qrCodes.propertyId))
    .where(eq(qrCodes.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('access_qr_find_scan'),
);

/**
 * In one query: the scanned code with everything the decision, the log and the notification
 * need (its visitor, its creator, its property's time zone), or null when no code has that token.
 */
export async function findScan(db: Orm, scanned: string) {
  const [row] = await scanQuery(db).execute({ tokenHash: sha256Hex(scanned.trim()) });
  return row ?? null;
}
export type ScannedCode = NonNullable<Awaited<ReturnType<typeof findScan>>>;
