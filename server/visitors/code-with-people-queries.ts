import { and, eq, type SQL } from 'drizzle-orm';
import { findPerson } from '../accounts/account-store';
import type { Queryable } from '../platform/db/connect';
import { findProperty } from '../property-records/property-queries';
import { qrCodes, visitors } from './visitor-tables';

/**
 * A code as it is now, with its visitor, property and resident, if it still matches `proof` (the
 * token or link a job carries); null once deleted or replaced (or when its property or resident is gone).
 */
export async function findCodeWithPeople(db: Queryable, qrCodeId: string, proof: SQL | undefined) {
  const [row] = await db
    .select({ code: qrCodes, visitor: visitors })
    .from(qrCodes)
    .innerJoin(visitors, eq(visitors.id, qrCodes.visitorId))
    .where(and(eq(qrCodes.id, qrCodeId), proof));
  if (!row) return null;
  const property = await findProperty(db, row.code.propertyId);
  const resident = property && (await findPerson(db, row.code.createdBy));
  return property && resident ? { ...row, property, resident } : null;
}
