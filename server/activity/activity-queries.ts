import type { ActivityEntryDto, ActivityFilter } from '@core/api/activity';
import { and, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { activity } from '../platform/db/schema';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filter: ActivityFilter): SQL | undefined {
  const search = filter.search ? `%${escapeLike(filter.search)}%` : undefined;
  return and(
    filter.propertyId ? eq(activity.propertyId, filter.propertyId) : undefined,
    filter.actorId ? eq(activity.actorId, filter.actorId) : undefined,
    filter.objectId ? eq(activity.objectId, filter.objectId) : undefined,
    filter.kind ? sql`split_part(${activity.action}, '.', 1) = ${filter.kind}` : undefined,
    filter.from ? gte(activity.at, new Date(filter.from)) : undefined,
    filter.to ? lte(activity.at, new Date(filter.to)) : undefined,
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
export async function findActivityPage(db: Queryable, filter: ActivityFilter, page: { page: number; limit: number }) {
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
export async function activityForExport(db: Queryable, filter: ActivityFilter, limit: number) {
  const rows = await db
    .select()
    .from(activity)
    .where(whereOf(filter))
    .orderBy(desc(activity.at), desc(activity.seq))
    .limit(limit);
  return rows.map(toDto);
}
