import type { VisitorListResponse } from '@core/api/dashboard';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { UserListFilter } from '../people/manage-user-queries';
import type { Queryable } from '../platform/db/connect';
import { listQueries, pageOffset, paginationOf, runListQueries, searchCondition } from '../platform/db/paged-search';
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

/** One page of visitors, newest first, with their property and the resident who created them. */
export function visitorListQueries(db: Queryable, filter: UserListFilter) {
  const where = conditions(filter);
  return listQueries(
    db,
    visitors,
    where,
    db
      .select({ visitor: visitors, propertyName: properties.propertyName, residentEmail: users.email })
      .from(visitors)
      .leftJoin(properties, eq(properties.id, visitors.propertyId))
      .leftJoin(users, eq(users.id, visitors.createdBy))
      .where(where)
      .orderBy(desc(visitors.createdAt), desc(visitors.id))
      .limit(filter.limit + 1)
      .offset(pageOffset(filter.page, filter.limit)),
  );
}

export async function listManagedVisitors(db: Queryable, filter: UserListFilter): Promise<VisitorListResponse> {
  const { total, rows } = await runListQueries(visitorListQueries(db, filter), filter);
  const qrCounts = await qrCountsOf(
    db,
    rows.map((row) => row.visitor.id),
  );
  return {
    visitors: rows.map(({ visitor, propertyName, residentEmail }) => ({
      _id: visitor.id,
      firstName: visitor.firstName,
      lastName: visitor.lastName,
      email: visitor.email,
      propertyId: visitor.propertyId,
      propertyName,
      residentEmail,
      qrCodeCount: qrCounts.get(visitor.id) ?? 0,
    })),
    pagination: paginationOf(total, filter.limit),
  };
}
