import type { LogFilter } from '@core/api/relay-logs';
import type { CallerType } from '@core/constants';
import { ianaZoneOf } from '@core/time/log-time-zones';
import { dayRangeIn } from '@core/time/zone-day-range';
import { and, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import { relayLogs } from '../platform/db/schema';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A phone typed as "(555) 123-4567" matches the stored "+15551234567"; other text matches as typed. */
export function searchNeedle(search: string): string {
  const term = search.trim().toLowerCase();
  const digits = term.replace(/\D/g, '');
  return /^[\d\s().+-]+$/.test(term) && digits.length >= 3 ? digits : term;
}

/**
 * How a search is tested: `trigram` lets the planner use the trigram index, `scan` keeps it off
 * so the test runs on the search_text that the time and property-time indexes carry (index-only).
 */
export type SearchVia = 'trigram' | 'scan';

/**
 * Substring search. Through the trigram index, an email's domain is shared by many people and its
 * trigrams would make the index read most of its entries, so the index looks for the part before
 * @ and the whole address is checked on those rows only (the `|| ''` keeps it off the index).
 */
function searchCondition(needle: string, via: SearchVia): SQL {
  const pattern = `%${escapeLike(needle)}%`;
  if (via === 'scan') return sql`(${relayLogs.searchText} || '') like ${pattern}`;
  const local = needle.includes('@') ? needle.slice(0, needle.indexOf('@')) : '';
  if (local.length < 3) return like(relayLogs.searchText, pattern);
  return sql`${like(relayLogs.searchText, `%${escapeLike(local)}@%`)} and (${relayLogs.searchText} || '') like ${pattern}`;
}

/** A log filter resolved to instants: [from, to) with whole days taken in the filter's time zone. */
export interface LogCriteria {
  propertyId?: string;
  from: Date | null;
  to: Date | null;
  callerType?: CallerType;
  needle: string;
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

export function criteriaWhere(criteria: LogCriteria, searchVia: SearchVia = 'trigram'): SQL | undefined {
  const conditions: SQL[] = [];
  if (criteria.propertyId) conditions.push(eq(relayLogs.propertyId, criteria.propertyId));
  if (criteria.from) conditions.push(gte(relayLogs.timestamp, criteria.from));
  if (criteria.to) conditions.push(lt(relayLogs.timestamp, criteria.to));
  if (criteria.callerType) conditions.push(eq(relayLogs.callerType, criteria.callerType));
  if (criteria.needle) conditions.push(searchCondition(criteria.needle, searchVia));
  return and(...conditions);
}

/** The WHERE clause of a log filter; dates are whole days in the filter's time zone. */
export function logWhere(filter: LogFilter, propertyId?: string): SQL | undefined {
  return criteriaWhere(criteriaOf(filter, propertyId));
}
