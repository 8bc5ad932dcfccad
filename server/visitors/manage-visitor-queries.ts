import type { VisitorListResponse } from '@core/api/dashboard';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { UserListFilter } from '../accounts/account-list-queries';
import { emailsOf } from '../accounts/account-store';
import type { Queryable } from '../platform/db/connect';
import { listQueries, newestFirst, paginationOf, runListQueries, searchCondition } from '../platform/db/paged-search';
import { propertyNamesOf } from '../property-records/property-queries';
import { qrCodes, visitors } from './visitor-tables';

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
 * One page of visitors, newest first. The creator's email and the property's name are read apart,
 * for the page's rows only: joined here, an OFFSET page looked up the creator of every row it
 * skipped (3,000 index probes for page 100).
 */
export function visitorListQueries(db: Queryable, filter: UserListFilter) {
  const where = conditions(filter);
  const order = newestFirst(visitors.createdAt, visitors.id, filter);
  return listQueries(
    db,
    visitors,
    where,
    Boolean(filter.search),
    db
      .select({ visitor: visitors, cursor: order.cursor })
      .from(visitors)
      .where(and(where, order.after))
      .orderBy(...order.orderBy)
      .limit(filter.limit + 1)
      .offset(order.offset),
  );
}

export async function listManagedVisitors(db: Queryable, filter: UserListFilter): Promise<VisitorListResponse> {
  const { total, rows, nextCursor } = await runListQueries(visitorListQueries(db, filter), filter);
  const [qrCounts, creatorEmails, propertyNames] = await Promise.all([
    qrCountsOf(
      db,
      rows.map((row) => row.visitor.id),
    ),
    emailsOf(
      db,
      rows.map((row) => row.visitor.createdBy),
    ),
    propertyNamesOf(
      db,
      rows.map((row) => row.visitor.propertyId),
    ),
  ]);
  return {
    visitors: rows.map(({ visitor }) => ({
      _id: visitor.id,
      firstName: visitor.firstName,
      lastName: visitor.lastName,
      email: visitor.email,
      propertyId: visitor.propertyId,
      propertyName: propertyNames.get(visitor.propertyId) ?? null,
      residentEmail: creatorEmails.get(visitor.createdBy) ?? null,
      qrCodeCount: qrCounts.get(visitor.id) ?? 0,
    })),
    pagination: paginationOf(total, filter.limit, nextCursor),
  };
}

/** The visitors the person registered, oldest first. */
export async function visitorsRegisteredBy(db: Queryable, userId: string) {
  return db.select().from(visitors).where(eq(visitors.createdBy, userId)).orderBy(asc(visitors.createdAt));
}

/** The QR codes the person made, oldest first. */
export async function qrCodesMadeBy(db: Queryable, userId: string) {
  return db.select().from(qrCodes).where(eq(qrCodes.createdBy, userId)).orderBy(asc(qrCodes.createdAt));
}

/** The ids of the QR codes the person made. */
export async function qrCodeIdsMadeBy(db: Queryable, userId: string): Promise<{ id: string }[]> {
  return db.select({ id: qrCodes.id }).from(qrCodes).where(eq(qrCodes.createdBy, userId));
}
