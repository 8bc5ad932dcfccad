import type { QrType } from '../constants';
import { WEEKDAYS } from '../constants';
import { addDays, minutesOf, type WallTime, wallTimeAt } from '../time/zoned-time';

export interface TimeWindow {
  startTime: string;
  endTime: string;
}

/** What the gate needs to know about a QR code to decide. */
export interface QrWindow {
  qrType: QrType;
  /** Instants. Null end means no end. */
  startDate: Date;
  endDate: Date | null;
  lifetimeValidity: boolean;
  recurringDays: ReadonlyArray<TimeWindow & { day: string }>;
  multipleDays: ReadonlyArray<TimeWindow & { date: string }>;
}

export type QrDecisionReason = 'unknown' | 'not-yet-valid' | 'expired' | 'outside-window' | 'valid';

/**
 * Whether a code opens the gate at an instant, by the wall clock of the property's zone.
 *
 * - The code lives from startDate (inclusive) to endDate (exclusive); lifetime codes have no end
 *   in practice (their end is decades away), and expiring sets the end to now.
 * - betweenDates is open for that whole span.
 * - weekdays and randomDates are open inside the span only during their listed wall-clock windows.
 *   A window includes its end minute (00:00–23:59 covers the whole day). A window whose end is
 *   before its start runs past midnight into the next day. On a spring-forward day a window
 *   touching the skipped hour opens when the clock reaches it; on a fall-back day the repeated
 *   hour is inside the window both times.
 * - A missing (unknown or deleted) code is closed.
 */
export function decideQrAt(code: QrWindow | null, instant: Date, timeZone: string): QrDecisionReason {
  if (!code) return 'unknown';
  const t = instant.getTime();
  if (t < code.startDate.getTime()) return 'not-yet-valid';
  if (code.endDate && t >= code.endDate.getTime()) return 'expired';
  if (code.qrType === 'betweenDates') return 'valid';
  const wall = wallTimeAt(instant, timeZone);
  const open = code.qrType === 'weekdays' ? weekdayOpen(code, wall) : dateOpen(code, wall);
  return open ? 'valid' : 'outside-window';
}

/** Whether a wall minute falls in a window listed for today, or for yesterday when it runs past midnight. */
function inWindow(window: TimeWindow, minute: number, startsToday: boolean, startedYesterday: boolean): boolean {
  const start = minutesOf(window.startTime);
  const end = minutesOf(window.endTime);
  if (start <= end) return startsToday && minute >= start && minute <= end;
  return (startsToday && minute >= start) || (startedYesterday && minute <= end);
}

function weekdayOpen(code: QrWindow, wall: WallTime): boolean {
  const today = WEEKDAYS[wall.weekdayIndex];
  const yesterday = WEEKDAYS[(wall.weekdayIndex + 6) % 7];
  return code.recurringDays.some((entry) => inWindow(entry, wall.minute, entry.day === today, entry.day === yesterday));
}

function dateOpen(code: QrWindow, wall: WallTime): boolean {
  const yesterday = addDays(wall.date, -1);
  return code.multipleDays.some((entry) =>
    inWindow(entry, wall.minute, entry.date === wall.date, entry.date === yesterday),
  );
}
