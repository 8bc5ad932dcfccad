import type { ListQuery, ManagedUser, UserListResponse } from '@core/api/dashboard';
import { count, inArray, sql } from 'drizzle-orm';
import { type UserListFilter, userListQueries } from '../accounts/account-list-queries';
import type { Caller } from '../authorization/caller';
import type { Queryable } from '../platform/db/connect';
import { paginationOf, runListQueries } from '../platform/db/paged-search';
import { propertiesById } from '../property-records/property-queries';
import { groupNamesOfUsers } from '../property-rules/access-group-queries';
import { visitors } from '../visitors/visitor-tables';

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

/** One page of users. It carries whether each has a secure PIN, never the PIN (revealed one at a time). */
export async function listManagedUsers(db: Queryable, filter: UserListFilter): Promise<UserListResponse> {
  const { total, rows, nextCursor } = await runListQueries(userListQueries(db, filter), filter);
  const ids = rows.map((row) => row.user.id);
  const [created, groups, properties] = await Promise.all([
    visitorsByCreator(db, ids),
    groupNamesOfUsers(db, ids),
    propertiesById(
      db,
      rows.flatMap((row) => (row.user.propertyId ? [row.user.propertyId] : [])),
    ),
  ]);
  const list = rows.map(({ user }): ManagedUser => {
    const own = created.get(user.id);
    const property = user.propertyId ? properties.get(user.propertyId) : undefined;
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
        ? {
            _id: property.id,
            propertyName: property.propertyName,
            propertyLocation: property.propertyLocation,
            timeZone: property.timeZone,
          }
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
