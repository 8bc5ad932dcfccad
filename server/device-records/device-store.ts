import { and, asc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import type { DeviceRow, DeviceValues } from './device-row';
import { devices } from './device-tables';

export async function findDevice(db: Queryable, id: string): Promise<DeviceRow | null> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id)).limit(1);
  return row ?? null;
}

/** These devices, each as stored (those that exist). */
export function devicesAmong(db: Queryable, ids: string[]): Promise<DeviceRow[]> {
  return db.select().from(devices).where(inArray(devices.id, ids));
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

/** The device on this MQTT topic, or null. */
export async function deviceOnTopic(db: Queryable, topic: string): Promise<{ id: string } | null> {
  const [device] = await db.select({ id: devices.id }).from(devices).where(eq(devices.mqttTopic, topic));
  return device ?? null;
}

/** Whether a device other than `exceptId` has this MQTT topic already. */
export async function mqttTopicTaken(db: Queryable, topic: string, exceptId?: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.mqttTopic, topic), exceptId ? ne(devices.id, exceptId) : undefined))
    .limit(1);
  return Boolean(taken);
}

/** The devices of these properties by name, at most `limit`. */
export function devicesOfPropertiesByName(db: Queryable, propertyIds: string[], limit: number): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(inArray(devices.propertyId, propertyIds))
    .orderBy(asc(devices.deviceName))
    .limit(limit);
}

/**
 * The statement that answers the id of every HTTP relay of these drivers beside `stamp` (rows:
 * id and the stamp). A fragment, not a read: the relay probe claims them in its own insert.
 */
export function httpRelaysStamped(drivers: readonly string[], stamp: SQL): SQL {
  const names = sql.join(
    drivers.map((name) => sql`${name}`),
    sql`, `,
  );
  return sql`select id, ${stamp} from ${devices}
      where device_ip_address is not null and driver in (${names})`;
}

/** The device of the property at this address (host:port); null if there is none. */
export async function deviceAtAddress(db: Queryable, propertyId: string, address: string): Promise<DeviceRow | null> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.propertyId, propertyId), eq(devices.deviceIpAddress, address)))
    .limit(1);
  return row ?? null;
}

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
