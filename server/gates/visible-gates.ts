import type { GateDeviceDto } from '@core/api/devices';
import { MAX_UNPAGED_LIST } from '@core/constants';
import { gateHoursAt } from '@core/rules/gate-hours';
import { wallTimeAt } from '@core/time/zoned-time';
import { and, asc, eq } from 'drizzle-orm';
import type { Caller } from '../authorization/caller';
import { healthFieldsOf } from '../device-health/health-rule';
import type { Queryable } from '../platform/db/connect';
import { deviceHealth, devices, properties, users } from '../platform/db/schema';
import { gateSchedulesOfUser } from '../property-rules/gate-schedules';

/**
 * The gates the caller sees, by name, with their health and (for a resident) whether their groups
 * allow them now: a resident only the gates one of their groups includes, a manager their
 * property's, a super administrator every one.
 */
export async function visibleGates(db: Queryable, caller: Caller, now: Date): Promise<GateDeviceDto[]> {
  if (caller.role !== 'superadmin' && !caller.propertyId) return [];
  const schedules = caller.role === 'resident' ? await gateSchedulesOfUser(db, caller.userId) : null;
  const rows = await db
    .select({ device: devices, health: deviceHealth, timeZone: properties.timeZone })
    .from(devices)
    .innerJoin(properties, eq(properties.id, devices.propertyId))
    .leftJoin(deviceHealth, eq(deviceHealth.deviceId, devices.id))
    .where(
      and(
        eq(devices.deviceType, 'gate'),
        caller.role === 'superadmin' ? undefined : eq(devices.propertyId, caller.propertyId as string),
      ),
    )
    .orderBy(asc(devices.deviceName))
    .limit(MAX_UNPAGED_LIST);
  const hoursOf = (deviceId: string, timeZone: string) =>
    schedules
      ? gateHoursAt(schedules.get(deviceId) ?? [], wallTimeAt(now, timeZone))
      : { allowedNow: true, opensAt: null };
  return rows
    .filter(({ device }) => !schedules || schedules.has(device.id))
    .map(({ device, health, timeZone }) => ({
      id: device.id,
      deviceName: device.deviceName,
      deviceLabel: device.deviceLabel,
      deviceType: device.deviceType,
      propertyId: device.propertyId,
      ...healthFieldsOf(health, now),
      ...hoursOf(device.id, timeZone),
    }));
}

export async function favouriteGateOf(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ favourite: users.favouriteDeviceId }).from(users).where(eq(users.id, userId));
  return row?.favourite ?? null;
}
