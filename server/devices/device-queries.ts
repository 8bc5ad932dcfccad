import type { DeviceDto, ListedDeviceDto } from '@core/api/devices';
import { MAX_UNPAGED_LIST } from '@core/constants';
import { heldFieldsOf, type StoredHold } from '@core/rules/held-now';
import { healthOfDevices } from '../device-health/health-queries';
import { type DeviceHealthRow, healthFieldsOf } from '../device-health/health-rule';
import type { DeviceRow } from '../device-records/device-row';
import { devicesOfPropertiesByName } from '../device-records/device-store';
import { holdsOfDevices } from '../device-records/hold-store';
import type { Queryable } from '../platform/db/connect';

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

/**
 * The devices of these properties by name, each with its health and hold: the devices from their
 * owner, then the health and holds of those devices only. One after another: a caller may pass a
 * transaction, whose single connection must not run queries at once.
 */
export async function devicesOfProperties(db: Queryable, propertyIds: string[]) {
  // A page's properties bring all their gates: 50 each on average before any list's bound.
  const rows = await devicesOfPropertiesByName(db, propertyIds, MAX_UNPAGED_LIST);
  const ids = rows.map((device) => device.id);
  const health = await healthOfDevices(db, ids);
  const holds = await holdsOfDevices(db, ids);
  return rows.map((device) => ({
    device,
    health: health.get(device.id) ?? null,
    hold: holds.get(device.id) ?? null,
  }));
}
