import type { PauseFacts } from '@core/api/paused-access';
import { eq } from 'drizzle-orm';
import { users } from '../accounts/account-tables';
import type { Queryable } from '../platform/db/connect';
import { properties } from '../property-records/property-tables';

/** The columns that say whether a person's access is paused, and the property whose calendar counts. */
export const pauseColumns = {
  suspended: users.suspended,
  accessFrom: users.accessFrom,
  accessUntil: users.accessUntil,
  propertyName: properties.propertyName,
  timeZone: properties.timeZone,
};

/** Reads the person's pause facts; null when there is no such user. */
export async function pauseFactsOf(db: Queryable, userId: string): Promise<PauseFacts | null> {
  const [row] = await db
    .select(pauseColumns)
    .from(users)
    .leftJoin(properties, eq(properties.id, users.propertyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
