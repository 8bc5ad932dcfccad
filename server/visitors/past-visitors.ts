import type { PastVisitor } from '@core/api/visitors';
import { MAX_UNPAGED_LIST } from '@core/constants';
import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { properties, qrCodes, visitors } from '../platform/db/schema';

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
      propertyName: properties.propertyName,
      lastEndedAt,
    })
    .from(visitors)
    .innerJoin(qrCodes, eq(qrCodes.visitorId, visitors.id))
    .innerJoin(properties, eq(properties.id, visitors.propertyId))
    .where(eq(visitors.createdBy, creatorId))
    .groupBy(visitors.id, properties.propertyName)
    .having(sql`bool_and(${qrCodes.endDate} is not null and ${qrCodes.endDate} <= ${now.toISOString()}::timestamptz)`)
    .orderBy(desc(lastEndedAt), visitors.id)
    .limit(MAX_UNPAGED_LIST);
  return rows.map(({ id, lastEndedAt: ended, ...person }) => ({
    _id: id,
    ...person,
    lastEndedAt: (ended as Date).toISOString(),
  }));
}
