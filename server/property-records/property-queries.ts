import type { PropertyDto } from '@core/api/properties';
import { PROPERTY_MESSAGES } from '@core/api/property-messages';
import type { PropertyFeature } from '@core/constants';
import { MAX_UNPAGED_LIST } from '@core/constants';
import type { Role } from '@core/roles';
import { asc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { conflict } from '../platform/errors/http-error';
import { properties } from './property-tables';

export type PropertyRow = typeof properties.$inferSelect;

export function toPropertyDto(row: PropertyRow): PropertyDto {
  return {
    _id: row.id,
    propertyName: row.propertyName,
    propertyLocation: row.propertyLocation,
    propertyFeatures: row.propertyFeatures as PropertyFeature[],
    timeZone: row.timeZone,
    managersNeedSecondFactor: row.managersNeedSecondFactor,
    gateEventRetentionMonths: row.gateEventRetentionMonths,
    activityRetentionMonths: row.activityRetentionMonths,
  };
}

export async function findProperty(db: Queryable, id: string): Promise<PropertyRow | null> {
  const [row] = await db.select().from(properties).where(eq(properties.id, id)).limit(1);
  return row ?? null;
}

export async function propertyExists(db: Queryable, propertyId: string): Promise<boolean> {
  const [row] = await db.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).limit(1);
  return Boolean(row);
}

/** The names of these properties by id, for lists that show where something is. */
export async function propertyNamesOf(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: properties.id, propertyName: properties.propertyName })
    .from(properties)
    .where(inArray(properties.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.propertyName]));
}

/** These properties by id, for the rows of one page. */
export async function propertiesById(db: Queryable, ids: readonly string[]): Promise<Map<string, PropertyRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(properties)
    .where(inArray(properties.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A property's features as a column of another domain's read (the API key check; `propertyId` names its column with its table); null when it is gone. */
export const propertyFeaturesColumn = (propertyId: SQLWrapper) =>
  sql<
    string[] | null
  >`(select ${properties.propertyFeatures} from ${properties} where ${properties.id} = ${propertyId})`;

/** A property's name as a column of another domain's read (`propertyId` names its column with its table). */
export const propertyNameColumn = (propertyId: SQLWrapper) =>
  sql<string>`(select ${properties.propertyName} from ${properties} where ${properties.id} = ${propertyId})`;

/** A property's time zone as a column of another domain's read (`propertyId` names its column with its table). */
export const propertyTimeZoneColumn = (propertyId: SQLWrapper) =>
  sql<string>`(select ${properties.timeZone} from ${properties} where ${properties.id} = ${propertyId})`;

/** 'qr' is always on, and always listed first. */
export function withQr(features: readonly PropertyFeature[]): PropertyFeature[] {
  return ['qr', ...new Set(features.filter((feature) => feature !== 'qr'))];
}

/** The properties a caller may see, by name: every one (or the one chosen) for a super administrator, else their own. */
export async function visiblePropertyRows(
  db: Queryable,
  caller: { role: Role; propertyId: string | null },
  only?: string,
  page: { number: number; size: number } = { number: 1, size: MAX_UNPAGED_LIST },
): Promise<PropertyRow[]> {
  const propertyId = caller.role === 'superadmin' ? only : caller.propertyId;
  if (caller.role !== 'superadmin' && !propertyId) return [];
  return db
    .select()
    .from(properties)
    .where(propertyId ? eq(properties.id, propertyId) : undefined)
    .orderBy(asc(properties.propertyName), asc(properties.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
}

/** The time zone a property's days and times are read in; UTC when there is no such property. */
export async function propertyTimeZone(db: Queryable, id: string): Promise<string> {
  const [row] = await db.select({ timeZone: properties.timeZone }).from(properties).where(eq(properties.id, id));
  return row?.timeZone ?? 'UTC';
}

/** A property's name and location as a gate log row keeps them; null when there is no such property. */
export async function propertyAsLogged(db: Queryable, id: string) {
  const [row] = await db
    .select({ propertyName: properties.propertyName, propertyLocation: properties.propertyLocation })
    .from(properties)
    .where(eq(properties.id, id));
  return row ?? null;
}

/** The same name and location twice (any case or spacing) answers 409 instead of a second entry. */
async function refusingDuplicates<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, 'properties_name_location_unique')) {
      throw conflict(PROPERTY_MESSAGES.duplicate, 'propertyName');
    }
    throw error;
  }
}

type PropertyValues = typeof properties.$inferInsert;

export async function insertProperty(db: Queryable, values: PropertyValues): Promise<PropertyRow> {
  const [row] = await refusingDuplicates(db.insert(properties).values(values).returning());
  return row;
}

/** The property of this name (names are unique); null if there is none. */
export async function propertyNamed(db: Queryable, name: string): Promise<PropertyRow | null> {
  const [row] = await db.select().from(properties).where(eq(properties.propertyName, name)).limit(1);
  return row ?? null;
}

/** The property, its row locked for a change in this transaction; null if there is none. */
export async function lockProperty(db: Queryable, id: string): Promise<PropertyRow | null> {
  const [row] = await db.select().from(properties).where(eq(properties.id, id)).for('update');
  return row ?? null;
}

export async function updateProperty(db: Queryable, id: string, set: Partial<PropertyValues>): Promise<PropertyRow> {
  const [row] = await refusingDuplicates(db.update(properties).set(set).where(eq(properties.id, id)).returning());
  return row;
}

export async function deleteProperty(db: Queryable, id: string) {
  await db.delete(properties).where(eq(properties.id, id));
}

/** The features of each of these properties that exists. */
export async function featuresOfProperties(db: Queryable, ids: string[]) {
  return db
    .select({ id: properties.id, features: properties.propertyFeatures })
    .from(properties)
    .where(inArray(properties.id, ids));
}
