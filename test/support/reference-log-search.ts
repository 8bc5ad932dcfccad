import type { LogFilter } from '@core/api/gate-log';
import { and, desc, sql } from 'drizzle-orm';
import { criteriaOf, criteriaWhere } from '../../server/gate-log/gate-log-criteria';
import { gateLogs } from '../../server/gate-log/gate-log-tables';
import type { Orm } from '../../server/platform/db/connect';

/**
 * The gate log search as it was before subjects (docs/decisions/0059): each event's own text tested
 * for the term, every match counted. Written against the columns every schema since 0004 has, so
 * it also reads a database an older build left. Every match, newest first.
 */
export async function referenceMatches(db: Orm, filter: LogFilter, propertyId?: string): Promise<string[]> {
  const criteria = criteriaOf(filter, propertyId);
  const rest = criteriaWhere({ ...criteria, needle: '' });
  const pattern = `%${criteria.needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const ids = await db
    .select({ id: gateLogs.id })
    .from(gateLogs)
    .where(and(rest, sql`(${gateLogs.searchText} || '') like ${pattern}`))
    .orderBy(desc(gateLogs.timestamp), desc(gateLogs.id));
  return ids.map((row) => row.id);
}

/** One page of the reference search, with its total. */
export async function referenceSearch(
  db: Orm,
  filter: LogFilter,
  page: { page: number; limit: number },
  propertyId?: string,
): Promise<{ ids: string[]; total: number }> {
  const all = await referenceMatches(db, filter, propertyId);
  return { ids: all.slice((page.page - 1) * page.limit, page.page * page.limit), total: all.length };
}
