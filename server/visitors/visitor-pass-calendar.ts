import { WEEKDAYS } from '@core/constants';
import { addDays, formatWall, minutesOf, weekdayIndexOf } from '@core/time/zoned-time';
import type { QrWindow } from '@core/validity/qr-validity';

export interface PassCalendarContext {
  qrCodeId: string;
  window: QrWindow;
  timeZone: string;
  property: { propertyName: string; propertyLocation: string };
  passUrl: string;
  now: Date;
}

const RFC5545_DAY = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
const utc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const local = (date: string, time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;

/** A wall window of one day; an end before the start runs into the next day. */
function wallSpan(date: string, startTime: string, endTime: string, timeZone: string) {
  const endDate = minutesOf(endTime) < minutesOf(startTime) ? addDays(date, 1) : date;
  return [`DTSTART;TZID=${timeZone}:${local(date, startTime)}`, `DTEND;TZID=${timeZone}:${local(endDate, endTime)}`];
}

function eventLines(context: PassCalendarContext): string[][] {
  const { window, timeZone } = context;
  if (window.qrType === 'randomDates') {
    return window.multipleDays.map((row) => wallSpan(row.date, row.startTime, row.endTime, timeZone));
  }
  if (window.qrType === 'weekdays') {
    const first = formatWall(window.startDate, timeZone).date;
    const until = window.endDate ? [`;UNTIL=${utc(window.endDate)}`] : [];
    return window.recurringDays.map((row) => {
      const index = WEEKDAYS.indexOf(row.day as (typeof WEEKDAYS)[number]);
      const date = addDays(first, (index - weekdayIndexOf(first) + 7) % 7);
      return [
        ...wallSpan(date, row.startTime, row.endTime, timeZone),
        `RRULE:FREQ=WEEKLY;BYDAY=${RFC5545_DAY[index]}${until.join('')}`,
      ];
    });
  }
  if (window.lifetimeValidity || !window.endDate) {
    const start = formatWall(window.startDate, timeZone).date.replace(/-/g, '');
    return [[`DTSTART;VALUE=DATE:${start}`]];
  }
  return [[`DTSTART:${utc(window.startDate)}`, `DTEND:${utc(window.endDate)}`]];
}

/** The pass as an iCalendar file: one event per visit window, times in the property's zone. */
export function passCalendar(context: PassCalendarContext): string {
  const { propertyName, propertyLocation } = context.property;
  const events = eventLines(context).flatMap((lines, index) => [
    'BEGIN:VEVENT',
    `UID:${context.qrCodeId}-${index}@gatehouse`,
    `DTSTAMP:${utc(context.now)}`,
    ...lines,
    `SUMMARY:${text(`Visit to ${propertyName}`)}`,
    `LOCATION:${text(propertyLocation)}`,
    `DESCRIPTION:${text(`Show your pass at the gate: ${context.passUrl}`)}`,
    `URL:${context.passUrl}`,
    'END:VEVENT',
  ]);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Gatehouse//Visitor pass//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...events,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
