import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../constants';
import { wallToInstant } from '../time/zoned-time';
import { decideQrAt, type QrDecisionReason, type QrWindow } from './qr-validity';

const NY = 'America/New_York';
const KOLKATA = 'Asia/Kolkata';
const at = (iso: string) => new Date(iso);

const between = (start: string, end: string | null, lifetimeValidity = false): QrWindow => ({
  qrType: 'betweenDates',
  startDate: at(start),
  endDate: end ? at(end) : null,
  lifetimeValidity,
  recurringDays: [],
  multipleDays: [],
});
const weekdays = (days: QrWindow['recurringDays'], start = '2025-01-01T00:00:00Z', end: string | null = null) => ({
  ...between(start, end),
  qrType: 'weekdays' as const,
  recurringDays: days,
});
const dates = (list: QrWindow['multipleDays'], start = '2025-01-01T00:00:00Z', end: string | null = null) => ({
  ...between(start, end),
  qrType: 'randomDates' as const,
  multipleDays: list,
});

type Case = [name: string, code: QrWindow | null, instant: string, zone: string, expected: QrDecisionReason];

const workHours = weekdays([
  { day: 'Monday', startTime: '08:00', endTime: '17:00' },
  { day: 'Wednesday', startTime: '08:00', endTime: '17:00' },
]);

const cases: Case[] = [
  // betweenDates, boundaries to the minute (2025-06-02 is a Monday, EDT = UTC-4)
  [
    'between: a minute before start',
    between('2025-06-02T12:00:00Z', '2025-06-03T21:00:00Z'),
    '2025-06-02T11:59:00Z',
    NY,
    'not-yet-valid',
  ],
  ['between: at start', between('2025-06-02T12:00:00Z', '2025-06-03T21:00:00Z'), '2025-06-02T12:00:00Z', NY, 'valid'],
  [
    'between: a minute before end',
    between('2025-06-02T12:00:00Z', '2025-06-03T21:00:00Z'),
    '2025-06-03T20:59:00Z',
    NY,
    'valid',
  ],
  ['between: at end', between('2025-06-02T12:00:00Z', '2025-06-03T21:00:00Z'), '2025-06-03T21:00:00Z', NY, 'expired'],
  [
    'between: across midnight, after midnight',
    between('2025-06-02T22:00:00-04:00', '2025-06-03T02:00:00-04:00'),
    '2025-06-03T01:30:00-04:00',
    NY,
    'valid',
  ],
  [
    'between: across midnight, after the end',
    between('2025-06-02T22:00:00-04:00', '2025-06-03T02:00:00-04:00'),
    '2025-06-03T02:01:00-04:00',
    NY,
    'expired',
  ],
  [
    'lifetime: decades later',
    between('2025-06-02T04:00:00Z', '2125-06-02T04:00:00Z', true),
    '2070-01-01T00:00:00Z',
    NY,
    'valid',
  ],
  ['no end date: open', between('2025-06-02T04:00:00Z', null), '2030-01-01T00:00:00Z', NY, 'valid'],
  [
    'expired (end set to now)',
    between('2025-06-02T04:00:00Z', '2025-06-05T10:00:00Z', true),
    '2025-06-05T10:00:00Z',
    NY,
    'expired',
  ],
  ['deleted or unknown code', null, '2025-06-02T12:00:00Z', NY, 'unknown'],
  // weekdays, boundaries to the minute in local wall time (EDT)
  ['weekdays: Monday 07:59', workHours, '2025-06-02T07:59:00-04:00', NY, 'outside-window'],
  ['weekdays: Monday 08:00', workHours, '2025-06-02T08:00:00-04:00', NY, 'valid'],
  ['weekdays: Monday 17:00', workHours, '2025-06-02T17:00:00-04:00', NY, 'valid'],
  ['weekdays: Monday 17:01', workHours, '2025-06-02T17:01:00-04:00', NY, 'outside-window'],
  ['weekdays: Tuesday noon', workHours, '2025-06-03T12:00:00-04:00', NY, 'outside-window'],
  ['weekdays: Wednesday noon', workHours, '2025-06-04T12:00:00-04:00', NY, 'valid'],
  ['weekdays: Monday noon in UTC is still Monday 08:00 local', workHours, '2025-06-02T12:00:00Z', NY, 'valid'],
  [
    'weekdays: after the code expired',
    weekdays(workHours.recurringDays, '2025-01-01T00:00:00Z', '2025-06-01T00:00:00Z'),
    '2025-06-02T12:00:00-04:00',
    NY,
    'expired',
  ],
  [
    'weekdays: before it starts',
    weekdays(workHours.recurringDays, '2025-06-03T00:00:00Z'),
    '2025-06-02T12:00:00-04:00',
    NY,
    'not-yet-valid',
  ],
  // across midnight: Friday 22:00 until Saturday 02:00
  [
    'weekdays: across midnight, Friday 23:30',
    weekdays([{ day: 'Friday', startTime: '22:00', endTime: '02:00' }]),
    '2025-06-06T23:30:00-04:00',
    NY,
    'valid',
  ],
  [
    'weekdays: across midnight, Saturday 01:59',
    weekdays([{ day: 'Friday', startTime: '22:00', endTime: '02:00' }]),
    '2025-06-07T01:59:00-04:00',
    NY,
    'valid',
  ],
  [
    'weekdays: across midnight, Saturday 02:01',
    weekdays([{ day: 'Friday', startTime: '22:00', endTime: '02:00' }]),
    '2025-06-07T02:01:00-04:00',
    NY,
    'outside-window',
  ],
  [
    'weekdays: across midnight, Friday 01:00 belongs to Thursday',
    weekdays([{ day: 'Friday', startTime: '22:00', endTime: '02:00' }]),
    '2025-06-06T01:00:00-04:00',
    NY,
    'outside-window',
  ],
  [
    'dates: across midnight on the next date',
    dates([{ date: '2025-06-06', startTime: '22:00', endTime: '02:00' }]),
    '2025-06-07T01:00:00-04:00',
    NY,
    'valid',
  ],
  // randomDates
  [
    'dates: listed date inside',
    dates([
      { date: '2025-06-10', startTime: '09:00', endTime: '12:00' },
      { date: '2025-06-12', startTime: '14:00', endTime: '15:00' },
    ]),
    '2025-06-12T14:30:00-04:00',
    NY,
    'valid',
  ],
  [
    'dates: listed date, a minute early',
    dates([{ date: '2025-06-12', startTime: '14:00', endTime: '15:00' }]),
    '2025-06-12T13:59:00-04:00',
    NY,
    'outside-window',
  ],
  [
    'dates: unlisted date between',
    dates([
      { date: '2025-06-10', startTime: '09:00', endTime: '12:00' },
      { date: '2025-06-12', startTime: '14:00', endTime: '15:00' },
    ]),
    '2025-06-11T10:00:00-04:00',
    NY,
    'outside-window',
  ],
  [
    'dates: whole day default window, last minute',
    dates([{ date: '2025-06-10', startTime: '00:00', endTime: '23:59' }]),
    '2025-06-10T23:59:30-04:00',
    NY,
    'valid',
  ],
  [
    'dates: whole day default window, next midnight',
    dates([{ date: '2025-06-10', startTime: '00:00', endTime: '23:59' }]),
    '2025-06-11T00:00:00-04:00',
    NY,
    'outside-window',
  ],
  // DST gap: 2025-03-09 02:00–02:59 does not exist in New York (01:59 EST is followed by 03:00 EDT)
  [
    'DST gap: 01:59 EST before a 02:00–03:00 window',
    weekdays([{ day: 'Sunday', startTime: '02:00', endTime: '03:00' }]),
    '2025-03-09T06:59:00Z',
    NY,
    'outside-window',
  ],
  [
    'DST gap: 03:00 EDT opens it',
    weekdays([{ day: 'Sunday', startTime: '02:00', endTime: '03:00' }]),
    '2025-03-09T07:00:00Z',
    NY,
    'valid',
  ],
  [
    'DST gap: 03:01 EDT closes it',
    weekdays([{ day: 'Sunday', startTime: '02:00', endTime: '03:00' }]),
    '2025-03-09T07:01:00Z',
    NY,
    'outside-window',
  ],
  [
    'DST gap: 09:00 EDT is 13:00Z, not 14:00Z',
    dates([{ date: '2025-03-09', startTime: '09:00', endTime: '09:30' }]),
    '2025-03-09T13:15:00Z',
    NY,
    'valid',
  ],
  [
    'DST gap: 14:00Z is 10:00 EDT',
    dates([{ date: '2025-03-09', startTime: '09:00', endTime: '09:30' }]),
    '2025-03-09T14:15:00Z',
    NY,
    'outside-window',
  ],
  // DST overlap: 2025-11-02 01:00–01:59 happens twice (EDT then EST)
  [
    'DST overlap: first 01:30 (EDT)',
    dates([{ date: '2025-11-02', startTime: '01:00', endTime: '01:59' }]),
    '2025-11-02T05:30:00Z',
    NY,
    'valid',
  ],
  [
    'DST overlap: second 01:30 (EST)',
    dates([{ date: '2025-11-02', startTime: '01:00', endTime: '01:59' }]),
    '2025-11-02T06:30:00Z',
    NY,
    'valid',
  ],
  [
    'DST overlap: 02:00 EST closes it',
    dates([{ date: '2025-11-02', startTime: '01:00', endTime: '01:59' }]),
    '2025-11-02T07:00:00Z',
    NY,
    'outside-window',
  ],
  [
    'DST overlap: 00:59 EDT before it',
    dates([{ date: '2025-11-02', startTime: '01:00', endTime: '01:59' }]),
    '2025-11-02T04:59:00Z',
    NY,
    'outside-window',
  ],
  // Another zone: Asia/Kolkata is UTC+05:30, no DST
  [
    'Kolkata: Monday 09:00 IST is 03:30Z',
    weekdays([{ day: 'Monday', startTime: '09:00', endTime: '10:00' }]),
    '2025-06-02T03:30:00Z',
    KOLKATA,
    'valid',
  ],
  [
    'Kolkata: 03:29Z is 08:59 IST',
    weekdays([{ day: 'Monday', startTime: '09:00', endTime: '10:00' }]),
    '2025-06-02T03:29:00Z',
    KOLKATA,
    'outside-window',
  ],
  [
    'Kolkata: Sunday 23:00Z is Monday 04:30 IST',
    weekdays([{ day: 'Monday', startTime: '04:00', endTime: '05:00' }]),
    '2025-06-01T23:00:00Z',
    KOLKATA,
    'valid',
  ],
  [
    'Kolkata: the same instant in New York is Sunday',
    weekdays([{ day: 'Monday', startTime: '04:00', endTime: '05:00' }]),
    '2025-06-01T23:00:00Z',
    NY,
    'outside-window',
  ],
];

describe('decideQrAt', () => {
  it.each(cases)('%s', (_name, code, instant, zone, expected) => {
    expect(decideQrAt(code, at(instant), zone)).toBe(expected);
  });

  it.each(WEEKDAYS.map((day, index) => [day, index] as const))(
    'a %s-only window opens on that weekday and no other',
    (day, index) => {
      const code = weekdays([{ day, startTime: '10:00', endTime: '11:00' }]);
      // 2025-06-02 is a Monday; walk the week at 10:30 New York time.
      for (let offset = 0; offset < 7; offset++) {
        const instant = wallToInstant(`2025-06-0${2 + offset}`, '10:30', NY);
        expect(decideQrAt(code, instant, NY)).toBe(offset === index ? 'valid' : 'outside-window');
      }
    },
  );
});

describe('wallToInstant', () => {
  it.each([
    ['2025-06-02', '08:00', NY, '2025-06-02T12:00:00.000Z'],
    ['2025-01-15', '08:00', NY, '2025-01-15T13:00:00.000Z'],
    ['2025-03-09', '02:30', NY, '2025-03-09T07:30:00.000Z'], // skipped: becomes 03:30 EDT
    ['2025-03-09', '03:00', NY, '2025-03-09T07:00:00.000Z'],
    ['2025-11-02', '01:30', NY, '2025-11-02T05:30:00.000Z'], // twice: the first (EDT)
    ['2025-11-02', '02:00', NY, '2025-11-02T07:00:00.000Z'],
    ['2025-06-02', '09:00', KOLKATA, '2025-06-02T03:30:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, iso) => {
    expect(wallToInstant(date, time, zone).toISOString()).toBe(iso);
  });
});
