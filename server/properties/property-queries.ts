import type { PropertyDto } from '@core/api/properties';
import type { PropertyFeature } from '@core/constants';
import { MAX_UNPAGED_LIST } from '@core/constants';
import type { Role } from '@core/roles';
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { properties } from '../platform/db/schema';

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
