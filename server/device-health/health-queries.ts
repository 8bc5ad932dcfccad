import { inArray } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { deviceHealth } from './device-health-tables';
import type { DeviceHealthRow } from './health-rule';

/** What was last heard from each of these devices, by device id (a device never heard from is absent). */
export async function healthOfDevices(db: Queryable, deviceIds: string[]): Promise<Map<string, DeviceHealthRow>> {
  if (!deviceIds.length) return new Map();
  const rows = await db.select().from(deviceHealth).where(inArray(deviceHealth.deviceId, deviceIds));
  return new Map(rows.map((row) => [row.deviceId, row]));
}
