import type { ActivityEntryDto, ActivityFilter } from '@core/api/activity';
import { addDays, wallToInstant } from '@core/time/zoned-time';
import { and, count, desc, eq, gte, ilike, inArray, isNotNull, lt, lte, max, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { propertyTimeZone } from '../property-records/property-queries';
import { activity } from './activity-tables';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A filter whose whole days (`fromDate`, `toDate`) are read in a time zone, as instants. */
export type ZonedActivityFilter = Omit<ActivityFilter, 'fromDate' | 'toDate'> & {
  days?: { from?: Date; before?: Date };
};

/** The filter with its whole days read in the property's time zone: from the first day's midnight to the last's end. */
export function inZone(filter: ActivityFilter, timeZone: string): ZonedActivityFilter {
  const { fromDate, toDate, ...rest } = filter;
  return {
    ...rest,
    days: {
      from: fromDate ? wallToInstant(fromDate, '00:00', timeZone) : undefined,
      before: toDate ? wallToInstant(addDays(toDate, 1), '00:00', timeZone) : undefined,
    },
  };
}

function whereOf(filter: ZonedActivityFilter): SQL | undefined {
  const search = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  return and(
    filter.propertyId ? eq(activity.propertyId, filter.propertyId) : undefined,
    filter.actorId ? eq(activity.actorId, filter.actorId) : undefined,
    filter.objectId ? eq(activity.objectId, filter.objectId) : undefined,
    filter.objectKind ? eq(activity.objectKind, filter.objectKind) : undefined,
    filter.action ? eq(activity.action, filter.action) : undefined,
    filter.kind ? sql`split_part(${activity.action}, '.', 1) = ${filter.kind}` : undefined,
    filter.from ? gte(activity.at, new Date(filter.from)) : undefined,
    filter.to ? lte(activity.at, new Date(filter.to)) : undefined,
    filter.days?.from ? gte(activity.at, filter.days.from) : undefined,
    filter.days?.before ? lt(activity.at, filter.days.before) : undefined,
    search ? or(ilike(activity.summary, search), ilike(activity.actorName, search)) : undefined,
  );
}

type Row = typeof activity.$inferSelect;
const toDto = (row: Row): ActivityEntryDto => ({
  _id: row.id,
  at: row.at.toISOString(),
  actor: { _id: row.actorId, role: row.actorRole, name: row.actorName },
  action: row.action,
  summary: row.summary,
  object: { kind: row.objectKind, _id: row.objectId, propertyId: row.propertyId },
  changes: row.changes,
  ip: row.ip,
  userAgent: row.userAgent,
  requestId: row.requestId,
});

/** One page of the trail, newest first. */
export async function findActivityPage(
  db: Queryable,
  filter: ZonedActivityFilter,
  page: { page: number; limit: number },
) {
  const where = whereOf(filter);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(activity)
      .where(where)
      .orderBy(desc(activity.at), desc(activity.seq))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ total: count() }).from(activity).where(where),
  ]);
  return { entries: rows.map(toDto), totalItems: total };
}

/** At most `limit` entries of the filter, newest first, for the CSV export. */
export async function activityForExport(db: Queryable, filter: ZonedActivityFilter, limit: number) {
  const rows = await db
    .select()
    .from(activity)
    .where(whereOf(filter))
    .orderBy(desc(activity.at), desc(activity.seq))
    .limit(limit);
  return rows.map(toDto);
}

/** Who acted in a scope (people, not the system), by name: at most `limit`, the latest name of each. */
export async function activityActors(db: Queryable, propertyId: string | undefined, limit: number) {
  const rows = await db
    .select({ _id: activity.actorId, name: activity.actorName, role: activity.actorRole, last: max(activity.at) })
    .from(activity)
    .where(and(isNotNull(activity.actorId), propertyId ? eq(activity.propertyId, propertyId) : undefined))
    .groupBy(activity.actorId, activity.actorName, activity.actorRole)
    .orderBy(desc(max(activity.at)))
    .limit(limit);
  const seen = new Set<string>();
  return rows
    .filter((row) => row._id && !seen.has(row._id) && seen.add(row._id))
    .map((row) => ({ _id: row._id as string, name: row.name, role: row.role }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The time zone a property's days are read in; UTC for no property (every property's trail). */
export async function trailTimeZone(db: Queryable, propertyId: string | null | undefined): Promise<string> {
  if (!propertyId) return 'UTC';
  return propertyTimeZone(db, propertyId);
}

/** The newest `limit` trail entries by a person, about them or about what they own (`owned`), newest first. */
export async function trailOfPerson(db: Queryable, userId: string, owned: string[], limit: number) {
  return db
    .select()
    .from(activity)
    .where(
      or(
        eq(activity.actorId, userId),
        eq(activity.objectId, userId),
        owned.length ? inArray(activity.objectId, owned) : undefined,
      ),
    )
    .orderBy(desc(activity.at), desc(activity.seq))
    .limit(limit);
}
