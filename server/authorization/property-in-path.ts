import type { Role } from '@core/roles';
import { propertyExists } from '../property-records/property-queries';
import { allow, callerOf, type Permission } from './route-permissions';

/**
 * These roles, within the property named in the path (`:propertyId`). A property that does not
 * exist is in no one's scope, so an unknown id answers 404 before the handler runs, as for any
 * other record: a super administrator's scope covers every property, so only a lookup can tell.
 * Other callers need none: their own property exists, and any other one is refused anyway.
 */
export function allowInPropertyOfPath(roles: readonly Role[]): Permission {
  return allow(roles, async (request, app) => {
    const { propertyId } = request.params as { propertyId: string };
    if (callerOf(request).role !== 'superadmin') return { propertyId };
    return (await propertyExists(app.db, propertyId)) ? { propertyId } : null;
  });
}
