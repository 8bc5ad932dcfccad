import crypto from 'node:crypto';
import type { QrWindowUpdate, RegisterVisitorBody } from '@core/api/visitors';
import { DEFAULT_WINDOW_START, PERMANENT_QR_EDITOR_YEARS, PERMANENT_VISITOR_DAYS } from '@core/constants';
import { addDays, formatWall, parseInstantInZone, wallToInstant } from '@core/time/zoned-time';
import { fieldWords } from '@core/validation/issue-messages';
import { datesOutsideWindow } from '@core/visitor-form/qr-editor';
import { VISITOR_MESSAGES } from '@core/visitor-form/visitor-messages';
import { sortRecurringDays, sortSpecificDates, startAfterEnd } from '@core/visitor-form/visitor-window';
import { badRequest } from '../platform/errors/http-error';
import type { RecurringDay, SpecificDate } from './visitor-tables';

export interface StoredWindow {
  startDate: Date;
  endDate: Date | null;
  lifetimeValidity: boolean;
  recurringDays: RecurringDay[];
  multipleDays: SpecificDate[];
}

const withIds = <T extends { _id?: string }>(rows: readonly T[]) =>
  rows.map((row) => ({ ...row, _id: row._id || crypto.randomUUID() }));

const DAY_MS = 24 * 3600 * 1000;

/**
 * The instants a registration's wall dates and times stand for in the property's zone.
 * Between dates: start to end (lifetime: 36500 days). Weekdays: from the start date (default
 * today) to the end of the last day when one is given, else with no end. Specific dates: from the first date's midnight to the end of the last.
 */
export function registrationWindow(body: RegisterVisitorBody, timeZone: string, now: Date): StoredWindow {
  const today = formatWall(now, timeZone).date;
  const startDate = body.startDate || today;
  const startTime = body.startTime || DEFAULT_WINDOW_START;
  if (body.qrType === 'weekdays') {
    return {
      startDate: wallToInstant(startDate, DEFAULT_WINDOW_START, timeZone),
      endDate: body.lastDay ? wallToInstant(addDays(body.lastDay, 1), DEFAULT_WINDOW_START, timeZone) : null,
      lifetimeValidity: false,
      recurringDays: withIds(sortRecurringDays(body.recurringDays)),
      multipleDays: [],
    };
  }
  if (body.qrType === 'randomDates') {
    const sorted = withIds(sortSpecificDates(body.multipleDays));
    return {
      startDate: wallToInstant(sorted[0].date, DEFAULT_WINDOW_START, timeZone),
      endDate: wallToInstant(addDays(sorted[sorted.length - 1].date, 1), DEFAULT_WINDOW_START, timeZone),
      lifetimeValidity: false,
      recurringDays: [],
      multipleDays: sorted,
    };
  }
  const start = wallToInstant(startDate, startTime, timeZone);
  const end = body.lifetimeValidity
    ? new Date(start.getTime() + PERMANENT_VISITOR_DAYS * DAY_MS)
    : wallToInstant(body.endDate as string, body.endTime || DEFAULT_WINDOW_START, timeZone);
  return {
    startDate: start,
    endDate: end,
    lifetimeValidity: body.lifetimeValidity ?? false,
    recurringDays: [],
    multipleDays: [],
  };
}

function instantOrBadRequest(field: string, value: string, timeZone: string): Date {
  const instant = parseInstantInZone(value, timeZone);
  if (!instant) throw badRequest(`${fieldWords([field])} must be a date and time such as 2025-06-30 09:00.`, field);
  return instant;
}

function rowsOrBadRequest<T extends { startTime: string; endTime: string }>(field: string, rows: readonly T[]) {
  const bad = rows.findIndex(startAfterEnd);
  if (bad >= 0) throw badRequest(VISITOR_MESSAGES.startAfterEnd, `${field}.${bad}`);
}

/**
 * A QR editor's change, checked: end after start (the screen's own message), lifetime ends 100
 * years after the start, weekday and date rows start no later than they end.
 */
export function editedWindow(
  update: QrWindowUpdate,
  current: { recurringDays: RecurringDay[]; multipleDays: SpecificDate[] },
  timeZone: string,
  endMessage: string,
): StoredWindow {
  const start = instantOrBadRequest('startDate', update.startDate, timeZone);
  const lifetime = update.lifetimeValidity ?? false;
  const end = lifetime
    ? addYears(start, PERMANENT_QR_EDITOR_YEARS)
    : update.endDate
      ? instantOrBadRequest('endDate', update.endDate, timeZone)
      : null;
  if (end && end.getTime() <= start.getTime()) throw badRequest(endMessage, 'endDate');
  if (update.recurringDays) rowsOrBadRequest('recurringDays', update.recurringDays);
  if (update.multipleDays) rowsOrBadRequest('multipleDays', update.multipleDays);
  const dates = update.multipleDays ? withIds(sortSpecificDates(update.multipleDays)) : current.multipleDays;
  const wall = (instant: Date) => {
    const { date, time } = formatWall(instant, timeZone);
    return `${date} ${time}`;
  };
  const outside = new Set(datesOutsideWindow(dates, { start: wall(start), end: end ? wall(end) : null }));
  return {
    startDate: start,
    endDate: end,
    lifetimeValidity: lifetime,
    recurringDays: update.recurringDays ? withIds(sortRecurringDays(update.recurringDays)) : current.recurringDays,
    multipleDays: dates.filter((row) => !outside.has(row)),
  };
}

function addYears(instant: Date, years: number): Date {
  const next = new Date(instant);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}
