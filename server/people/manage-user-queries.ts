import type { ManagedUser, UserListResponse } from '@core/api/dashboard';
import { type UserListFilter, userListQueries } from '../accounts/account-list-queries';
import type { Queryable } from '../platform/db/connect';
import { paginationOf, runListQueries } from '../platform/db/paged-search';
import { propertiesById } from '../property-records/property-queries';
import { groupNamesOfUsers } from '../property-rules/access-group-queries';
import { visitorsByCreator } from '../visitors/visitor-counts';

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
