import type { VisitorListResponse } from '@core/api/dashboard';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { UserListFilter } from '../people/manage-user-queries';
import type { Queryable } from '../platform/db/connect';
import { listQueries, newestFirst, paginationOf, runListQueries, searchCondition } from '../platform/db/paged-search';
import { properties, qrCodes, users, visitors } from '../platform/db/schema';

function conditions(filter: UserListFilter): SQL | undefined {
  return and(
    searchCondition(visitors.searchText, filter.search),
    filter.propertyId ? eq(visitors.propertyId, filter.propertyId) : undefined,
  );
}

async function qrCountsOf(db: Queryable, visitorIds: string[]) {
  if (!visitorIds.length) return new Map<string, number>();
  const rows = await db
    .select({ visitorId: qrCodes.visitorId, total: count() })
    .from(qrCodes)
    .where(inArray(qrCodes.visitorId, visitorIds))
    .groupBy(qrCodes.visitorId);
  return new Map(rows.map((row) => [row.visitorId, row.total]));
}

/**
 * The email of each visitor's creator, for one page. Read apart from the page query: joined there,
 * an OFFSET page looked up the creator of every row it skipped (3,000 index probes for page 100).
 */
async function creatorEmailsOf(db: Queryable, creatorIds: string[]) {
  if (!creatorIds.length) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(creatorIds)]));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** One page of visitors, newest first, with their property (the creator's email comes after). */
export function visitorListQueries(db: Queryable, filter: UserListFilter) {
  const where = conditions(filter);
  const order = newestFirst(visitors.createdAt, visitors.id, filter);
  return listQueries(
    db,
    visitors,
    where,
    Boolean(filter.search),
    db
      .select({
        visitor: visitors,
        propertyName: properties.propertyName,
        cursor: order.cursor,
      })
      .from(visitors)
      .leftJoin(properties, eq(properties.id, visitors.propertyId))
      .where(and(where, order.after))
      .orderBy(...order.orderBy)
      .limit(filter.limit + 1)
      .offset(order.offset),
  );
}

export async function listManagedVisitors(db: Queryable, filter: UserListFilter): Promise<VisitorListResponse> {
  const { total, rows, nextCursor } = await runListQueries(visitorListQueries(db, filter), filter);
  const [qrCounts, creatorEmails] = await Promise.all([
    qrCountsOf(
      db,
      rows.map((row) => row.visitor.id),
    ),
    creatorEmailsOf(
      db,
      rows.map((row) => row.visitor.createdBy),
    ),
  ]);
  return {
    visitors: rows.map(({ visitor, propertyName }) => ({
      _id: visitor.id,
      firstName: visitor.firstName,
      lastName: visitor.lastName,
      email: visitor.email,
      propertyId: visitor.propertyId,
      propertyName,
      residentEmail: creatorEmails.get(visitor.createdBy) ?? null,
      qrCodeCount: qrCounts.get(visitor.id) ?? 0,
    })),
    pagination: paginationOf(total, filter.limit, nextCursor),
  };
}
