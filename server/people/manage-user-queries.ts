import type { ListQuery, ManagedUser, UserListResponse } from '@core/api/dashboard';
import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Caller } from '../authorization/caller';
import type { Queryable } from '../platform/db/connect';
import { listQueries, newestFirst, paginationOf, runListQueries, searchCondition } from '../platform/db/paged-search';
import { properties, users, visitors } from '../platform/db/schema';
import { groupNamesOfUsers } from '../property-rules/access-group-queries';

export interface UserListFilter {
  search?: string;
  propertyId?: string;
  role?: string;
  suspendedOnly?: boolean;
  page: number;
  limit: number;
  cursor?: string;
}

// Matches no property: an admin without one sees nothing rather than everything.
const NO_PROPERTY = '00000000-0000-0000-0000-000000000000';

/** The filter a caller may use: an admin's property filter is always their own property. */
export function userListFilter(query: ListQuery, caller: Caller): UserListFilter {
  const ownProperty = caller.role === 'admin' ? (caller.propertyId ?? NO_PROPERTY) : null;
  return {
    search: query.search || undefined,
    propertyId: ownProperty ?? (query.property || undefined),
    role: query.role || undefined,
    suspendedOnly: query.status === 'suspended',
    page: query.page,
    limit: query.limit,
    cursor: query.cursor,
  };
}

function conditions(filter: UserListFilter): SQL | undefined {
  return and(
    searchCondition(users.searchText, filter.search),
    filter.propertyId ? eq(users.propertyId, filter.propertyId) : undefined,
    filter.role ? eq(users.role, filter.role as 'resident') : undefined,
    filter.suspendedOnly ? eq(users.suspended, true) : undefined,
  );
}

/** Visitor emails and counts of the users on one page, in one grouped query. */
async function visitorsByCreator(db: Queryable, userIds: string[]) {
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

/**
 * One page of users, newest first, with their property and the visitors they created.
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
      .select({ user: users, property: properties, cursor: order.cursor })
      .from(users)
      .leftJoin(properties, eq(properties.id, users.propertyId))
      .where(and(where, order.after))
      .orderBy(...order.orderBy)
      .limit(filter.limit + 1)
      .offset(order.offset),
  );
}

/** One page of users. It carries whether each has a secure PIN, never the PIN (revealed one at a time). */
export async function listManagedUsers(db: Queryable, filter: UserListFilter): Promise<UserListResponse> {
  const { total, rows, nextCursor } = await runListQueries(userListQueries(db, filter), filter);
  const ids = rows.map((row) => row.user.id);
  const [created, groups] = await Promise.all([visitorsByCreator(db, ids), groupNamesOfUsers(db, ids)]);
  const list = rows.map(({ user, property }): ManagedUser => {
    const own = created.get(user.id);
    return {
      _id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneNumber: user.phoneNumber,
      role: user.role,
      hasSecurePin: user.securePinEncrypted !== null,
      propertyId: user.propertyId,
      property: property
        ? { _id: property.id, propertyName: property.propertyName, propertyLocation: property.propertyLocation }
        : null,
      visitorEmails: own?.emails ?? [],
      visitorsCreated: own?.total ?? 0,
      suspended: user.suspended,
      suspendedReason: user.suspendedReason,
      accessFrom: user.accessFrom,
      accessUntil: user.accessUntil,
      accessGroups: groups.get(user.id) ?? [],
    };
  });
  return { users: list, pagination: paginationOf(total, filter.limit, nextCursor) };
}
