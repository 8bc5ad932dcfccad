import type { DeviceDto, ListedDeviceDto } from '@core/api/devices';
import { MAX_UNPAGED_LIST } from '@core/constants';
import { heldFieldsOf, type StoredHold } from '@core/rules/held-now';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { deviceHealth } from '../device-health/device-health-tables';
import { type DeviceHealthRow, healthFieldsOf } from '../device-health/health-rule';
import { gateHolds } from '../hold-open/hold-open-tables';
import type { Queryable } from '../platform/db/connect';
import type { DeviceRow } from './device-row';
import { devices } from './device-tables';

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
export function toListedDeviceDto(
  row: DeviceRow,
  health: DeviceHealthRow | null,
  hold: StoredHold | null,
  now: Date,
  timeZone: string,
): ListedDeviceDto {
  return { ...toDeviceDto(row), ...healthFieldsOf(health, now), ...heldFieldsOf(hold, now, timeZone) };
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

/** The MQTT login of the device whose topic is this username (the embedded broker's check). */
export async function findDeviceLogin(db: Queryable, topic: string) {
  const [login] = await db
    .select({ driver: devices.driver, hash: devices.mqttPasswordHash })
    .from(devices)
    .where(and(eq(devices.mqttTopic, topic), isNotNull(devices.mqttPasswordHash)))
    .limit(1);
  return login ?? null;
}

/** The devices of these properties by name, each with its health and hold, in one query. */
export async function devicesOfProperties(db: Queryable, propertyIds: string[]) {
  return (
    db
      .select({ device: devices, health: deviceHealth, hold: gateHolds })
      .from(devices)
      .leftJoin(deviceHealth, eq(deviceHealth.deviceId, devices.id))
      .leftJoin(gateHolds, eq(gateHolds.deviceId, devices.id))
      .where(inArray(devices.propertyId, propertyIds))
      .orderBy(asc(devices.deviceName))
      // A page's properties bring all their gates: 50 each on average before any list's bound.
      .limit(MAX_UNPAGED_LIST)
  );
}

type DeviceValues = typeof devices.$inferInsert;

export async function insertDevice(db: Queryable, values: DeviceValues): Promise<DeviceRow> {
  const [row] = await db.insert(devices).values(values).returning();
  return row;
}

/** Changes a device and answers it as changed; null if there is no such device. */
export async function updateDevice(db: Queryable, id: string, set: Partial<DeviceValues>): Promise<DeviceRow | null> {
  const [row] = await db.update(devices).set(set).where(eq(devices.id, id)).returning();
  return row ?? null;
}

/** Deletes a device and answers what it was; null if there was none. */
export async function deleteDevice(db: Queryable, id: string): Promise<DeviceRow | null> {
  const [row] = await db.delete(devices).where(eq(devices.id, id)).returning();
  return row ?? null;
}
