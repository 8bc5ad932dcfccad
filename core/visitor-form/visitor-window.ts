import {
  DEFAULT_WINDOW_END,
  DEFAULT_WINDOW_START,
  PERMANENT_VISITOR_DAYS,
  type QrType,
  WEEKDAYS,
  type Weekday,
} from '../constants';
import { addDays, minutesOf } from '../time/zoned-time';
import { VISITOR_MESSAGES } from './visitor-messages';

export interface RecurringDayInput {
  day: Weekday;
  startTime: string;
  endTime: string;
}
export interface SpecificDateInput {
  date: string;
  startTime: string;
  endTime: string;
}

/** The window part of the Register Visitor form, as wall dates ('yyyy-MM-dd') and times ('HH:mm'). */
export interface VisitorWindowInput {
  qrType: QrType;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  lifetimeValidity: boolean;
  recurringDays: RecurringDayInput[];
  multipleDays: SpecificDateInput[];
}

/** A fresh form window for a Date Option (changing the option resets everything). */
export function emptyWindow(qrType: QrType, today: string): VisitorWindowInput {
  return {
    qrType,
    startDate: today,
    startTime: DEFAULT_WINDOW_START,
    // Weekday passes have no end unless a last day is chosen.
    endDate: qrType === 'weekdays' ? '' : addDays(today, 1),
    endTime: DEFAULT_WINDOW_START,
    lifetimeValidity: false,
    recurringDays: [],
    multipleDays: [],
  };
}

/** Lifetime on: start now (today 00:00), end 36500 days later at 00:00. Off: end the next day. */
export function withLifetime(window: VisitorWindowInput, on: boolean, today: string): VisitorWindowInput {
  if (on) {
    return {
      ...window,
      lifetimeValidity: true,
      startDate: today,
      startTime: DEFAULT_WINDOW_START,
      endDate: addDays(today, PERMANENT_VISITOR_DAYS),
      endTime: DEFAULT_WINDOW_START,
    };
  }
  return { ...window, lifetimeValidity: false, endDate: addDays(window.startDate, 1), endTime: window.startTime };
}

export const newRecurringDay = (day: Weekday): RecurringDayInput => ({
  day,
  startTime: DEFAULT_WINDOW_START,
  endTime: DEFAULT_WINDOW_END,
});
export const newSpecificDate = (date: string): SpecificDateInput => ({
  date,
  startTime: DEFAULT_WINDOW_START,
  endTime: DEFAULT_WINDOW_END,
});

/** Monday to Sunday. */
export function sortRecurringDays<T extends { day: string }>(days: readonly T[]): T[] {
  const order = (day: string) => WEEKDAYS.indexOf(day as Weekday);
  return [...days].sort((a, b) => order(a.day) - order(b.day));
}

export function sortSpecificDates<T extends { date: string; startTime: string }>(dates: readonly T[]): T[] {
  return [...dates].sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime));
}

/** For specific dates, the overall start is the first date and the end the last, after sorting. */
export function specificDatesSpan(dates: readonly SpecificDateInput[]): { startDate: string; endDate: string } | null {
  const sorted = sortSpecificDates(dates);
  if (!sorted.length) return null;
  return { startDate: sorted[0].date, endDate: sorted[sorted.length - 1].date };
}

export function startAfterEnd(row: { startTime: string; endTime: string }): boolean {
  return minutesOf(row.startTime) > minutesOf(row.endTime);
}

/** A wall instant at the property: 'yyyy-MM-dd' and 'HH:mm'. */
export interface WallNow {
  date: string;
  time: string;
}

const DAYS_IN_A_YEAR = 365;

/** The window is over before it is registered: no QR code could ever open the gate. */
export function windowEndedError(window: VisitorWindowInput, now: WallNow): { field: string; message: string } | null {
  const nowText = `${now.date} ${now.time}`;
  if (window.qrType === 'betweenDates' && !window.lifetimeValidity && window.endDate) {
    if (`${window.endDate} ${window.endTime}` <= nowText)
      return { field: 'endDate', message: VISITOR_MESSAGES.windowEnded };
  }
  if (window.qrType === 'weekdays' && window.endDate && window.endDate < now.date) {
    return { field: 'endDate', message: VISITOR_MESSAGES.lastDayPassed };
  }
  if (window.qrType === 'randomDates' && window.multipleDays.length) {
    if (window.multipleDays.every((row) => `${row.date} ${row.endTime}` <= nowText))
      return { field: 'multipleDays', message: VISITOR_MESSAGES.datesEnded };
  }
  return null;
}

/** A start more than a year ahead is allowed, but likely a typo: the form warns. */
export function startsFarAhead(window: VisitorWindowInput, today: string): boolean {
  const start = window.qrType === 'randomDates' ? specificDatesSpan(window.multipleDays)?.startDate : window.startDate;
  return Boolean(start && start > addDays(today, DAYS_IN_A_YEAR));
}

export interface VisitorWindowErrors {
  endDate?: string;
  recurringDays: (string | undefined)[];
  multipleDays: (string | undefined)[];
  summary?: string;
}

/**
 * Every error of docs/SPEC.md §5 for the window, and, given the wall time now at the property, a window
 * that has already ended; the form disables submit while any is present.
 */
export function visitorWindowErrors(window: VisitorWindowInput, now?: WallNow): VisitorWindowErrors {
  const errors: VisitorWindowErrors = { recurringDays: [], multipleDays: [] };
  if (window.qrType === 'betweenDates' && !window.lifetimeValidity) {
    const start = `${window.startDate} ${window.startTime}`;
    const end = `${window.endDate} ${window.endTime}`;
    if (!window.startDate || !window.endDate || end <= start) errors.endDate = VISITOR_MESSAGES.endBeforeStart;
  }
  const ended = now ? windowEndedError(window, now) : null;
  if (ended?.field === 'endDate') errors.endDate ??= ended.message;
  if (window.qrType === 'weekdays') {
    if (window.endDate && window.startDate && window.endDate < window.startDate) {
      errors.endDate ??= VISITOR_MESSAGES.lastDayBeforeStart;
    }
    errors.recurringDays = window.recurringDays.map((row) =>
      startAfterEnd(row) ? VISITOR_MESSAGES.startAfterEnd : undefined,
    );
    if (errors.recurringDays.some(Boolean)) errors.summary = VISITOR_MESSAGES.recurringDaysSummary;
    else if (!window.recurringDays.length) errors.summary = VISITOR_MESSAGES.noWeekdays;
  }
  if (window.qrType === 'randomDates') {
    errors.multipleDays = window.multipleDays.map((row) =>
      startAfterEnd(row) ? VISITOR_MESSAGES.startAfterEnd : undefined,
    );
    if (errors.multipleDays.some(Boolean)) errors.summary = VISITOR_MESSAGES.multipleDatesSummary;
    else if (!window.multipleDays.length) errors.summary = VISITOR_MESSAGES.noDates;
    else if (ended) errors.summary = ended.message;
  }
  return errors;
}

export function hasWindowErrors(errors: VisitorWindowErrors): boolean {
  return Boolean(
    errors.endDate || errors.summary || errors.recurringDays.some(Boolean) || errors.multipleDays.some(Boolean),
  );
}

/** The first error, for a server answer. */
export function firstWindowError(errors: VisitorWindowErrors): { field: string; message: string } | null {
  if (errors.endDate) return { field: 'endDate', message: errors.endDate };
  const recurring = errors.recurringDays.findIndex(Boolean);
  if (recurring >= 0) return { field: `recurringDays.${recurring}`, message: errors.recurringDays[recurring]! };
  const dated = errors.multipleDays.findIndex(Boolean);
  if (dated >= 0) return { field: `multipleDays.${dated}`, message: errors.multipleDays[dated]! };
  if (errors.summary)
    return {
      field: [VISITOR_MESSAGES.noDates, VISITOR_MESSAGES.datesEnded].includes(errors.summary as never)
        ? 'multipleDays'
        : 'recurringDays',
      message: errors.summary,
    };
  return null;
}
