import { ACCESS_GROUP_MESSAGES } from '@core/api/access-groups';
import type { Role } from '@core/roles';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { devices } from '../platform/db/schema';
import { badRequest } from '../platform/errors/http-error';
import { gateSchedulesOfUser } from './gate-schedules';

/**
 * A pass narrowed to gates its creator may not use is refused on its gates field: a resident's
 * groups' gates (at any hour: the pass's own window says when), a manager's every gate of the property.
 */
export async function refuseGatesCreatorMayNotUse(
  db: Queryable,
  creator: { userId: string; role: Role; propertyId: string },
  gateIds: string[],
) {
  const usable =
    creator.role === 'resident'
      ? [...(await gateSchedulesOfUser(db, creator.userId)).keys()]
      : (
          await db
            .select({ id: devices.id })
            .from(devices)
            .where(
              and(
                inArray(devices.id, gateIds),
                eq(devices.propertyId, creator.propertyId),
                eq(devices.deviceType, 'gate'),
              ),
            )
        ).map((row) => row.id);
  if (gateIds.some((id) => !usable.includes(id))) throw badRequest(ACCESS_GROUP_MESSAGES.passGatesNotYours, 'gateIds');
}
