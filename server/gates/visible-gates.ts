import type { GateDeviceDto } from '@core/api/devices';
import { MAX_UNPAGED_LIST } from '@core/constants';
import { gateHoursAt } from '@core/rules/gate-hours';
import { heldFieldsOf } from '@core/rules/held-now';
import { and, asc, eq } from 'drizzle-orm';
import type { Caller } from '../authorization/caller';
import { healthRowColumns, healthRows } from '../device-health/health-rows';
import { healthFieldsOf } from '../device-health/health-rule';
import { deviceRowColumns, deviceRows } from '../device-records/device-rows';
import { holdRowColumns, holdRows } from '../device-records/hold-rows';
import type { Queryable } from '../platform/db/connect';
import { propertyRows as properties } from '../property-records/property-rows';
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
    .select({
      device: deviceRowColumns,
      health: healthRowColumns,
      timeZone: properties.timeZone,
      hold: holdRowColumns,
    })
    .from(deviceRows)
    .innerJoin(properties, eq(properties.id, deviceRows.propertyId))
    .leftJoin(healthRows, eq(healthRows.deviceId, deviceRows.id))
    .leftJoin(holdRows, eq(holdRows.deviceId, deviceRows.id))
    .where(
      and(
        eq(deviceRows.deviceType, 'gate'),
        caller.role === 'superadmin' ? undefined : eq(deviceRows.propertyId, caller.propertyId as string),
      ),
    )
    .orderBy(asc(deviceRows.deviceName))
    .limit(MAX_UNPAGED_LIST);
  const hoursOf = (deviceId: string, timeZone: string) =>
    schedules ? gateHoursAt(schedules.get(deviceId) ?? [], now, timeZone) : { allowedNow: true, opensAt: null };
  return rows
    .filter(({ device }) => !schedules || schedules.has(device.id))
    .map(({ device, health, timeZone, hold }) => ({
      id: device.id,
      deviceName: device.deviceName,
      deviceLabel: device.deviceLabel,
      deviceType: device.deviceType,
      propertyId: device.propertyId,
      ...healthFieldsOf(health, now),
      ...hoursOf(device.id, timeZone),
      ...heldFieldsOf(hold, now, timeZone),
    }));
}
