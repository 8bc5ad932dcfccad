import type { ListQuery } from '@core/api/dashboard';
import type { UserListFilter } from '../accounts/account-list-queries';
import type { Caller } from './caller';

// Matches no property: an admin without one sees nothing rather than everything.
const NO_PROPERTY = '00000000-0000-0000-0000-000000000000';

/**
 * The filter a caller may use on the user and visitor lists: an admin's property filter is always
 * their own property.
 */
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
