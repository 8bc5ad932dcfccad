import type { PauseFacts } from '@core/api/paused-access';
import { eq } from 'drizzle-orm';
import { accountRows } from '../accounts/account-rows';
import type { Queryable } from '../platform/db/connect';
import { propertyRows } from '../property-records/property-rows';
import { propertyOfAccount } from './account-and-property';

/** The columns that say whether a person's access is paused, and the property whose calendar counts. */
export const pauseColumns = {
  suspended: accountRows.suspended,
  accessFrom: accountRows.accessFrom,
  accessUntil: accountRows.accessUntil,
  propertyName: propertyRows.propertyName,
  timeZone: propertyRows.timeZone,
};

/** Reads the person's pause facts; null when there is no such user. */
export async function pauseFactsOf(db: Queryable, userId: string): Promise<PauseFacts | null> {
  const [row] = await db
    .select(pauseColumns)
    .from(accountRows)
    .leftJoin(propertyRows, propertyOfAccount)
    .where(eq(accountRows.id, userId))
    .limit(1);
  return row ?? null;
}
