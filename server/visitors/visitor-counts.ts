import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { visitors } from './visitor-tables';

/** The visitor emails (oldest first) and counts of the visitors each of these users created, in one grouped query. */
export async function visitorsByCreator(db: Queryable, userIds: string[]) {
  if (!userIds.length) return new Map<string, { emails: string[]; total: number }>();
  const rows = await db
    .select({
      createdBy: visitors.createdBy,
      emails: sql<string[]>`array_agg(${visitors.email} order by ${visitors.createdAt}, ${visitors.id})`,
      total: count(),
    })
    .from(visitors)
    .where(inArray(visitors.createdBy, userIds))
    .groupBy(visitors.createdBy);
  return new Map(rows.map((row) => [row.createdBy, { emails: row.emails, total: row.total }]));
}

/** How many visitors a property has. */
export async function visitorCountAt(db: Queryable, propertyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(visitors).where(eq(visitors.propertyId, propertyId));
  return row.n;
}
