import type { PastVisitor } from '@core/api/visitors';
import { MAX_UNPAGED_LIST } from '@core/constants';
import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { propertyNamesOf } from '../property-records/property-queries';
import { qrCodes, visitors } from './visitor-tables';

/**
 * The visitors a user registered whose every code has ended (expired, deleted from the Visitor
 * List, or past its window), most recently ended first: the Visitor List's "Past visitors".
 */
export async function pastVisitorsOf(db: Queryable, creatorId: string, now: Date): Promise<PastVisitor[]> {
  const lastEndedAt = sql`max(${qrCodes.endDate})`.mapWith(qrCodes.endDate);
  const rows = await db
    .select({
      id: visitors.id,
      firstName: visitors.firstName,
      lastName: visitors.lastName,
      email: visitors.email,
      propertyId: visitors.propertyId,
      lastEndedAt,
    })
    .from(visitors)
    .innerJoin(qrCodes, eq(qrCodes.visitorId, visitors.id))
    .where(eq(visitors.createdBy, creatorId))
    .groupBy(visitors.id)
    .having(sql`bool_and(${qrCodes.endDate} is not null and ${qrCodes.endDate} <= ${now.toISOString()}::timestamptz)`)
    .orderBy(desc(lastEndedAt), visitors.id)
    .limit(MAX_UNPAGED_LIST);
  const propertyNames = await propertyNamesOf(
    db,
    rows.map((row) => row.propertyId),
  );
  // As the inner join did: a visitor without its property is left out (deleting a property with visitors is refused).
  return rows.flatMap(({ id, lastEndedAt: ended, ...person }) => {
    const propertyName = propertyNames.get(person.propertyId);
    return propertyName === undefined
      ? []
      : [{ _id: id, ...person, propertyName, lastEndedAt: (ended as Date).toISOString() }];
  });
}
