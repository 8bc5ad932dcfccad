import type { DeviceDto, ListedDeviceDto } from '@core/api/devices';
import { eq } from 'drizzle-orm';
import { type DeviceHealthRow, healthFieldsOf } from '../device-health/health-rule';
import type { Queryable } from '../platform/db/connect';
import { type DeviceRow, devices } from '../platform/db/schema';

export type { DeviceRow };

/** What any API may show of a device: never its credentials or key. */
export function toDeviceDto(row: DeviceRow): DeviceDto {
  return {
    _id: row.id,
    deviceName: row.deviceName,
    deviceLabel: row.deviceLabel,
    deviceType: row.deviceType,
    deviceIpAddress: row.deviceIpAddress ?? '',
    mqttTopic: row.mqttTopic,
    propertyId: row.propertyId,
    driver: row.driver,
    channel: row.channel,
    pulseSeconds: row.pulseSeconds,
    hasCredentials: row.credentialsEncrypted !== null,
  };
}

/** A device as Devices by Property lists it: with whether it is online and when it was last seen. */
export function toListedDeviceDto(row: DeviceRow, health: DeviceHealthRow | null, now: Date): ListedDeviceDto {
  return { ...toDeviceDto(row), ...healthFieldsOf(health, now) };
}

export async function findDevice(db: Queryable, id: string): Promise<DeviceRow | null> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id)).limit(1);
  return row ?? null;
}

/** The tenancy scope of a device route: the property of the device the request names. */
export async function deviceScope(db: Queryable, id: string | undefined) {
  if (!id) return null;
  const [row] = await db.select({ propertyId: devices.propertyId }).from(devices).where(eq(devices.id, id)).limit(1);
  return row ? { propertyId: row.propertyId } : null;
}
