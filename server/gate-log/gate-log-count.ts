import type { LogFilter } from '@core/api/gate-log';
import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { criteriaOf, criteriaWhere, type LogCriteria } from './gate-log-criteria';
import { gateLogDailyCounts, gateLogs } from './gate-log-tables';

const DAY_MS = 24 * 3600 * 1000;
const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);
const ceilToDay = (instant: Date) => new Date(Math.ceil(instant.getTime() / DAY_MS) * DAY_MS);
const floorToDay = (instant: Date) => new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS);

/** A built count query; the benchmark EXPLAINs the same ones the API runs. */
export type CountQuery = PromiseLike<{ total: string | number }[]> & { toSQL(): { sql: string; params: unknown[] } };

const rowCount = (db: Queryable, criteria: LogCriteria): CountQuery =>
  db.select({ total: count() }).from(gateLogs).where(criteriaWhere(criteria));

function dayCount(db: Queryable, criteria: LogCriteria, fromDay: Date | null, toDay: Date | null): CountQuery {
  const conditions: SQL[] = [];
  if (criteria.propertyId) conditions.push(eq(gateLogDailyCounts.propertyKey, criteria.propertyId));
  if (criteria.callerType) conditions.push(eq(gateLogDailyCounts.callerType, criteria.callerType));
  if (fromDay) conditions.push(gte(gateLogDailyCounts.day, utcDay(fromDay)));
  if (toDay) conditions.push(lt(gateLogDailyCounts.day, utcDay(toDay)));
  return db
    .select({ total: sql<string>`coalesce(sum(${gateLogDailyCounts.n}), 0)` })
    .from(gateLogDailyCounts)
    .where(and(...conditions));
}

/**
 * The queries whose totals add up to a filter's count. Without a search, whole UTC days come from
 * the daily counts and only the partial days at either end (a zone's midnight is not UTC's) are
 * counted row by row.
 */
export function countQueries(db: Queryable, filter: LogFilter, propertyId?: string): CountQuery[] {
  const criteria = criteriaOf(filter, propertyId);
  if (criteria.needle) return [rowCount(db, criteria)];
  const fromDay = criteria.from && ceilToDay(criteria.from);
  const toDay = criteria.to && floorToDay(criteria.to);
  if (fromDay && toDay && fromDay >= toDay) return [rowCount(db, criteria)];
  const queries = [dayCount(db, criteria, fromDay, toDay)];
  if (fromDay && criteria.from! < fromDay) queries.push(rowCount(db, { ...criteria, to: fromDay }));
  if (toDay && toDay < criteria.to!) queries.push(rowCount(db, { ...criteria, from: toDay }));
  return queries;
}

/** How many logs a filter matches. */
export async function countLogs(db: Queryable, filter: LogFilter, propertyId?: string): Promise<number> {
  const totals = await Promise.all(countQueries(db, filter, propertyId).map(async (query) => (await query)[0].total));
  return totals.reduce<number>((sum, total) => sum + Number(total), 0);
}
