import { and, count, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { devices } from './device-tables';

/** Which of these devices are the property's (to refuse another property's gates). */
export function devicesOfPropertyAmong(db: Queryable, propertyId: string, ids: string[]): Promise<{ id: string }[]> {
  return db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.propertyId, propertyId), inArray(devices.id, ids)));
}

/** Which of these devices are gates of the property. */
export function gatesOfPropertyAmong(db: Queryable, propertyId: string, ids: string[]): Promise<{ id: string }[]> {
  return db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inArray(devices.id, ids), eq(devices.propertyId, propertyId), eq(devices.deviceType, 'gate')));
}

/** How many gates the property has now. */
export async function gateCountAt(db: Queryable, propertyId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(devices)
    .where(and(eq(devices.propertyId, propertyId), eq(devices.deviceType, 'gate')));
  return row.count;
}

/** How many devices the property has, of any type. */
export async function deviceCountAt(db: Queryable, propertyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(devices).where(eq(devices.propertyId, propertyId));
  return row.n;
}

/**
 * The property's devices (only these ids, when given) as a subquery of another domain's statement
 * (a lockdown's end of the holds on the gates it covers), run in that statement.
 */
export function devicesOfPropertyQuery(db: Queryable, propertyId: string, ids: string[] | null) {
  return db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.propertyId, propertyId), ids ? inArray(devices.id, ids) : undefined));
}
