import type { QrCodeDto } from '@core/api/visitors';
import { MAX_UNPAGED_LIST } from '@core/constants';
import { and, desc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Scope } from '../authorization/route-permissions';
import type { Queryable } from '../platform/db/connect';
import { propertyRows as properties } from '../property-records/property-rows';
import { qrCodes, visitors } from './visitor-tables';

export type QrCodeRow = typeof qrCodes.$inferSelect;
export type VisitorRow = typeof visitors.$inferSelect;
type PropertyLabel = { propertyName: string; timeZone: string };

export function toQrCodeDto(row: QrCodeRow, property: PropertyLabel, now: Date): QrCodeDto {
  return {
    _id: row.id,
    visitorId: row.visitorId,
    qrFirstName: row.qrFirstName,
    qrLastName: row.qrLastName,
    qrType: row.qrType,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate ? row.endDate.toISOString() : null,
    lifetimeValidity: row.lifetimeValidity,
    recurringDays: row.recurringDays,
    multipleDays: row.multipleDays,
    qrNotification: row.qrNotification,
    createdAt: row.createdAt.toISOString(),
    propertyName: property.propertyName,
    timeZone: property.timeZone,
    active: !row.endDate || row.endDate.getTime() > now.getTime(),
  };
}

const codeWithProperty = {
  code: qrCodes,
  propertyName: properties.propertyName,
  timeZone: properties.timeZone,
};

/** A code with the name and zone of its property, or null. */
export async function findQrCode(db: Queryable, id: string) {
  const [row] = await db
    .select(codeWithProperty)
    .from(qrCodes)
    .innerJoin(properties, eq(properties.id, qrCodes.propertyId))
    .where(eq(qrCodes.id, id))
    .limit(1);
  return row ?? null;
}

export async function findVisitor(db: Queryable, id: string): Promise<VisitorRow | null> {
  const [row] = await db.select().from(visitors).where(eq(visitors.id, id)).limit(1);
  return row ?? null;
}

/** Every code of one visitor, newest first. */
export async function codesOfVisitor(db: Queryable, visitorId: string, now: Date): Promise<QrCodeDto[]> {
  const rows = await newestCodesWhere(db, eq(qrCodes.visitorId, visitorId));
  return rows.map((row) => toQrCodeDto(row.code, row, now));
}

function newestCodesWhere(db: Queryable, condition: SQL) {
  return db
    .select(codeWithProperty)
    .from(qrCodes)
    .innerJoin(properties, eq(properties.id, qrCodes.propertyId))
    .where(condition)
    .orderBy(desc(qrCodes.createdAt))
    .limit(MAX_UNPAGED_LIST);
}

/**
 * The Visitor List: the visitors a user registered, each with the codes that still open the gate
 * now or later. Expired codes (the list's Delete expires a code) stay on the superadmin's page;
 * visitors with no such code are left out.
 */
export async function visitorsWithCodesOf(db: Queryable, creatorId: string, now: Date) {
  const stillValid = or(isNull(qrCodes.endDate), gt(qrCodes.endDate, now));
  const rows = await newestCodesWhere(db, and(eq(qrCodes.createdBy, creatorId), stillValid) as SQL);
  const visitorIds = [...new Set(rows.map((row) => row.code.visitorId))];
  if (!visitorIds.length) return [];
  const people = await db
    .select()
    .from(visitors)
    .where(and(eq(visitors.createdBy, creatorId), inArray(visitors.id, visitorIds)));
  const byId = new Map(people.map((person) => [person.id, person]));
  return visitorIds.flatMap((id) => {
    const person = byId.get(id);
    if (!person) return [];
    const codes = rows.filter((row) => row.code.visitorId === id).map((row) => toQrCodeDto(row.code, row, now));
    return [{ _id: id, firstName: person.firstName, lastName: person.lastName, email: person.email, qrCodes: codes }];
  });
}

/** Whose code it is, for the access check: its property and the resident who created it. */
export async function qrCodeScope(db: Queryable, id: string | undefined): Promise<Scope | null> {
  if (!id) return null;
  const [row] = await db
    .select({ propertyId: qrCodes.propertyId, ownerUserId: qrCodes.createdBy })
    .from(qrCodes)
    .where(eq(qrCodes.id, id))
    .limit(1);
  return row ?? null;
}

export async function visitorOwnerScope(db: Queryable, id: string | undefined): Promise<Scope | null> {
  if (!id) return null;
  const visitor = await findVisitor(db, id);
  return visitor ? { propertyId: visitor.propertyId, ownerUserId: visitor.createdBy } : null;
}
