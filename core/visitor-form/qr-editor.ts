import { DEFAULT_WINDOW_START, PERMANENT_QR_EDITOR_YEARS } from '../constants';
import { addDays, formatWall } from '../time/zoned-time';
import { VISITOR_MESSAGES } from './visitor-messages';

/** The QR editors' fields: wall dates and times at the property. */
export interface QrEditorState {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  lifetimeValidity: boolean;
}

export function editorStateOf(
  code: { startDate: string; endDate: string | null; lifetimeValidity: boolean },
  timeZone: string,
): QrEditorState {
  const start = formatWall(new Date(code.startDate), timeZone);
  const end = code.endDate ? formatWall(new Date(code.endDate), timeZone) : { date: '', time: '' };
  return {
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    lifetimeValidity: code.lifetimeValidity,
  };
}

const plusYears = (date: string, years: number) =>
  `${String(Number(date.slice(0, 4)) + years).padStart(4, '0')}${date.slice(4)}`;

/** On: the end is 100 years after the start. Off: today at midnight to the next day at midnight. */
export function withEditorLifetime(state: QrEditorState, on: boolean, today: string): QrEditorState {
  if (on)
    return {
      ...state,
      lifetimeValidity: true,
      endDate: plusYears(state.startDate, PERMANENT_QR_EDITOR_YEARS),
      endTime: state.startTime,
    };
  return {
    lifetimeValidity: false,
    startDate: today,
    startTime: DEFAULT_WINDOW_START,
    endDate: addDays(today, 1),
    endTime: DEFAULT_WINDOW_START,
  };
}

/** No end date is allowed: weekday codes run until expired. */
const endNotAfterStart = (s: QrEditorState) =>
  Boolean(s.endDate) && `${s.endDate} ${s.endTime}` <= `${s.startDate} ${s.startTime}`;

/** Visitor List: 'End date must be after start date.' */
export function listEditorError(state: QrEditorState): string | undefined {
  if (state.lifetimeValidity) return undefined;
  return endNotAfterStart(state) ? VISITOR_MESSAGES.listEndBeforeStart : undefined;
}

/** Per-visitor page: an earlier end date, or the same date without a later time. */
export function pageEditorError(state: QrEditorState): string | undefined {
  if (state.lifetimeValidity) return undefined;
  if (state.endDate && state.endDate < state.startDate) return VISITOR_MESSAGES.pageEndBeforeStart;
  return endNotAfterStart(state) ? VISITOR_MESSAGES.pageEndNotLater : undefined;
}

/** A window in wall times at the property, 'yyyy-MM-dd HH:mm'; no end means open-ended. */
export interface WallWindow {
  start: string;
  end: string | null;
}

export function editorWallWindow(state: QrEditorState): WallWindow {
  return {
    start: `${state.startDate} ${state.startTime}`,
    end: state.lifetimeValidity || !state.endDate ? null : `${state.endDate} ${state.endTime}`,
  };
}

/**
 * The specific dates a changed window leaves out. Saving drops them, so the dates the code keeps
 * are the dates it shows (an earlier end used to leave Dec 20 listed but dead).
 */
export function datesOutsideWindow<T extends { date: string; startTime: string; endTime: string }>(
  rows: readonly T[],
  window: WallWindow,
): T[] {
  return rows.filter(
    (row) =>
      `${row.date} ${row.endTime}` <= window.start ||
      (window.end !== null && `${row.date} ${row.startTime}` >= window.end),
  );
}

/** The code's weekday and date rows, which the editors show but do not change. */
export interface QrCodeRows<DayRow, DateRow> {
  recurringDays: DayRow[];
  multipleDays: DateRow[];
}

/**
 * What an editor sends (docs/SPEC.md §7): the dates as wall times the server reads in the property's
 * zone, with the code's weekday and date rows as they are.
 */
export function editorUpdate<DayRow, DateRow>(state: QrEditorState, rows: QrCodeRows<DayRow, DateRow>) {
  return {
    startDate: `${state.startDate} ${state.startTime}`,
    endDate: state.lifetimeValidity || !state.endDate ? null : `${state.endDate} ${state.endTime}`,
    lifetimeValidity: state.lifetimeValidity,
    recurringDays: rows.recurringDays,
    multipleDays: rows.multipleDays,
  };
}
