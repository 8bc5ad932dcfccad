import { and, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { properties, qrCodes, users, visitors } from '../platform/db/schema';

/**
 * A code as it is now, with its visitor, property and resident, if it still matches `proof` (the
 * token or link a job carries); null once deleted or replaced.
 */
export async function findCodeWithPeople(db: Queryable, qrCodeId: string, proof: SQL | undefined) {
  const [row] = await db
    .select({ code: qrCodes, visitor: visitors, property: properties, resident: users })
    .from(qrCodes)
    .innerJoin(visitors, eq(visitors.id, qrCodes.visitorId))
    .innerJoin(properties, eq(properties.id, qrCodes.propertyId))
    .innerJoin(users, eq(users.id, qrCodes.createdBy))
    .where(and(eq(qrCodes.id, qrCodeId), proof));
  return row ?? null;
}
