import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { propertyNameColumn, propertyTimeZoneColumn } from '../property-records/property-queries';
import { devices } from './device-tables';

/** The names of these devices (those that exist), in no order. */
export async function deviceNamesOf(db: Queryable, ids: string[]): Promise<string[]> {
  const rows = await db.select({ name: devices.deviceName }).from(devices).where(inArray(devices.id, ids));
  return rows.map((row) => row.name);
}

/** Where each of these devices is: its property and its name. */
export function devicePlacesOf(
  db: Queryable,
  ids: string[],
): Promise<{ id: string; propertyId: string; name: string }[]> {
  return db
    .select({ id: devices.id, propertyId: devices.propertyId, name: devices.deviceName })
    .from(devices)
    .where(inArray(devices.id, ids));
}

/** A device's name with its property's name and time zone, for a notice about it; null if it is gone. */
export async function deviceWithPropertyOf(db: Queryable, id: string) {
  const [device] = await db
    .select({
      deviceName: devices.deviceName,
      propertyName: propertyNameColumn(devices.propertyId),
      timeZone: propertyTimeZoneColumn(devices.propertyId),
    })
    .from(devices)
    .where(eq(devices.id, id));
  return device ?? null;
}
