import { and, eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { listQueries, newestFirst, searchCondition } from '../platform/db/paged-search';
import { users } from './account-tables';

export interface UserListFilter {
  search?: string;
  propertyId?: string;
  role?: string;
  suspendedOnly?: boolean;
  page: number;
  limit: number;
  cursor?: string;
}

function conditions(filter: UserListFilter): SQL | undefined {
  return and(
    searchCondition(users.searchText, filter.search),
    filter.propertyId ? eq(users.propertyId, filter.propertyId) : undefined,
    filter.role ? eq(users.role, filter.role as 'resident') : undefined,
    filter.suspendedOnly ? eq(users.suspended, true) : undefined,
  );
}

/**
 * One page of users, newest first (their properties and the visitors they created are read apart,
 * for the page's rows only).
 */
export function userListQueries(db: Queryable, filter: UserListFilter) {
  const where = conditions(filter);
  const order = newestFirst(users.createdAt, users.id, filter);
  return listQueries(
    db,
    users,
    where,
    Boolean(filter.search),
    db
      .select({ user: users, cursor: order.cursor })
      .from(users)
      .where(and(where, order.after))
      .orderBy(...order.orderBy)
      .limit(filter.limit + 1)
      .offset(order.offset),
  );
}
