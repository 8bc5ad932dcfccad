import { describe, expect, it } from 'vitest';
import { readableClock, readableTime } from './readable-time';
import { relativeTime } from './relative-time';
import { dayRangeIn, startOfDayIn } from './zone-day-range';
import { formatLogTime } from './zoned-format';
import { addDays, isCalendarDate, todayIn } from './zoned-time';

describe('formatLogTime', () => {
  it('shows Eastern time as EST in winter and EDT in summer, and UTC unchanged', () => {
    expect(formatLogTime('2026-03-07T15:30:05Z', 'EST')).toBe('2026-03-07 10:30:05 EST');
    expect(formatLogTime('2026-03-09T15:30:05Z', 'EST')).toBe('2026-03-09 11:30:05 EDT');
    expect(formatLogTime('2026-03-09T15:30:05Z', 'UTC')).toBe('2026-03-09 15:30:05 UTC');
    expect(formatLogTime('2026-01-01T03:00:00Z', 'EST')).toBe('2025-12-31 22:00:00 EST');
  });

  it('names the hour repeated when daylight saving ends', () => {
    expect(formatLogTime('2026-11-01T05:30:00Z', 'EST')).toBe('2026-11-01 01:30:00 EDT');
    expect(formatLogTime('2026-11-01T06:30:00Z', 'EST')).toBe('2026-11-01 01:30:00 EST');
  });
});

describe('whole days in a zone', () => {
  it('starts Eastern days at 05:00Z in winter and 04:00Z in summer, including the DST days', () => {
    expect(startOfDayIn('2026-03-07', 'America/New_York').toISOString()).toBe('2026-03-07T05:00:00.000Z');
    expect(startOfDayIn('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDayIn('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfDayIn('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDayIn('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(startOfDayIn('2026-11-02', 'UTC').toISOString()).toBe('2026-11-02T00:00:00.000Z');
  });

  it('makes an inclusive range whose end is the start of the day after the end date', () => {
    const { from, to } = dayRangeIn('America/New_York', '2026-03-08', '2026-03-08');
    expect(from?.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(to?.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayRangeIn('UTC', null, undefined)).toEqual({ from: null, to: null });
  });

  it('adds days across month and year ends and validates calendar dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -7)).toBe('2026-02-22');
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('03/07/2026')).toBe(false);
  });

  it('knows that late evening in New York is already tomorrow in UTC', () => {
    const instant = new Date('2026-06-01T02:00:00Z');
    expect(todayIn('America/New_York', instant)).toBe('2026-05-31');
    expect(todayIn('UTC', instant)).toBe('2026-06-01');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it('reads Just now, then minutes, hours, days, months and years', () => {
    expect(relativeTime(ago(0), now)).toBe('Just now');
    expect(relativeTime(ago(59), now)).toBe('Just now');
    expect(relativeTime(ago(60), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(relativeTime(ago(2 * 86400), now)).toBe('2 days ago');
    expect(relativeTime(ago(65 * 86400), now)).toBe('2 months ago');
    expect(relativeTime(ago(800 * 86400), now)).toBe('2 years ago');
  });

  it('treats a time slightly ahead of the local clock as Just now', () => {
    expect(relativeTime(ago(-30), now)).toBe('Just now');
  });
});

describe('readableTime', () => {
  it('reads one instant on the given clock, with the zone named', () => {
    expect(readableTime('2026-11-26T18:29:00Z', 'America/New_York')).toBe('Thu, Nov 26, 2026 13:29 EST');
    expect(readableTime('2026-06-02T12:00:00Z', 'America/New_York')).toBe('Tue, Jun 2, 2026 08:00 EDT');
    expect(readableTime('2026-11-26T18:29:00Z', 'UTC')).toBe('Thu, Nov 26, 2026 18:29 UTC');
  });

  it('is the 24-hour clock: midnight reads 00:00, never 12:00 AM', () => {
    expect(readableTime('2026-11-27T05:00:00Z', 'America/New_York')).toBe('Fri, Nov 27, 2026 00:00 EST');
    expect(readableTime('2026-11-27T21:52:00Z', 'America/New_York')).toBe('Fri, Nov 27, 2026 16:52 EST');
  });
});

describe('readableClock', () => {
  it('reads a time of day on the given clock, 24-hour, with the zone named', () => {
    expect(readableClock('2026-11-27T21:52:00Z', 'America/New_York')).toBe('16:52 EST');
    expect(readableClock('2026-06-02T04:00:00Z', 'America/New_York')).toBe('00:00 EDT');
    expect(readableClock(new Date('2026-11-27T21:52:00Z'), 'Europe/Berlin')).toBe('22:52 GMT+1');
    expect(readableClock('2026-11-27T21:52:00Z', 'UTC')).toBe('21:52 UTC');
  });
});
