import type { LogFilter } from '@core/api/gate-log';
import type { CallerType } from '@core/constants';
import { ianaZoneOf } from '@core/time/log-time-zones';
import { dayRangeIn } from '@core/time/zone-day-range';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { MonthSubjects } from './gate-log-subjects';
import { gateLogs } from './gate-log-tables';
import { type TextVia, textMatches } from './gate-log-text-match';

/** A phone typed as "(555) 123-4567" matches the stored "+15551234567"; other text matches as typed. */
export function searchNeedle(search: string): string {
  const term = search.trim().toLowerCase();
  const digits = term.replace(/\D/g, '');
  return /^[\d\s().+-]+$/.test(term) && digits.length >= 3 ? digits : term;
}

/** A log filter resolved to instants: [from, to) with whole days taken in the filter's time zone. */
export interface LogCriteria {
  propertyId?: string;
  from: Date | null;
  to: Date | null;
  callerType?: CallerType;
  needle: string;
  /** How the needle is looked for; unset: on the events' own text (gate-log-search.ts resolves it). */
  search?: SearchScope;
}

/**
 * Where a search looks (docs/decisions/0059): the subjects it names, by month; or each event's own
 * text, when it names too many subjects (then it is common enough to meet newest first) or while an
 * upgrade has not yet given every event its subject (then the events' old trigram index serves).
 */
export type SearchScope = { by: 'subjects'; months: MonthSubjects[] } | { by: 'event-text'; indexed: boolean };

/** A key list as one array literal: the same text on PostgreSQL and PGlite, one parameter however long. */
export const keyArray = (keys: string[]) => sql`${`{${keys.join(',')}}`}::bigint[]`;

const allKeys = (scope: Extract<SearchScope, { by: 'subjects' }>) => scope.months.flatMap((month) => month.keys);

/**
 * The search's condition. On subjects, `scan` tests the key on the rows another plan walks (the
 * `+ 0` keeps the subject index off); on text, it tests the text the rows carry.
 */
function searchCondition(criteria: LogCriteria, via: TextVia): SQL {
  const scope = criteria.search;
  if (scope?.by === 'subjects') {
    const key = via === 'scan' ? sql`(${gateLogs.subjectKey} + 0)` : sql`${gateLogs.subjectKey}`;
    return sql`${key} = any(${keyArray(allKeys(scope))})`;
  }
  return textMatches(gateLogs.searchText, criteria.needle, via);
}

export function criteriaOf(filter: LogFilter, propertyId?: string): LogCriteria {
  const { from, to } = dayRangeIn(ianaZoneOf(filter.timezone), filter.startDate, filter.endDate);
  return {
    propertyId,
    from,
    to,
    callerType: filter.callerType,
    needle: filter.search ? searchNeedle(filter.search) : '',
  };
}

export function criteriaWhere(criteria: LogCriteria, searchVia: TextVia = 'trigram'): SQL | undefined {
  const conditions: SQL[] = [];
  if (criteria.propertyId) conditions.push(eq(gateLogs.propertyId, criteria.propertyId));
  if (criteria.from) conditions.push(gte(gateLogs.timestamp, criteria.from));
  if (criteria.to) conditions.push(lt(gateLogs.timestamp, criteria.to));
  if (criteria.callerType) conditions.push(eq(gateLogs.callerType, criteria.callerType));
  if (criteria.needle) conditions.push(searchCondition(criteria, searchVia));
  return and(...conditions);
}

/** The WHERE clause of a log filter; dates are whole days in the filter's time zone. */
export function logWhere(filter: LogFilter, propertyId?: string): SQL | undefined {
  return criteriaWhere(criteriaOf(filter, propertyId));
}
