import { describe, expect, it } from 'vitest';
import { wallTimeAt, wallToInstant } from '../time/zoned-time';
import { type AccessRule, type RuleFacts, type RulePerson, refusal } from './access-rule';
import { type AccessSchedule, ALWAYS, isOpenAt, nextOpening } from './schedule';

const NY = 'America/New_York';
const wall = (date: string, time: string, zone = NY) => wallTimeAt(wallToInstant(date, time, zone), zone);

// 2026-11-23 is a Monday.
const weekdaysSevenToTen: AccessSchedule = {
  weekly: {
    mon: [{ from: '07:00', to: '22:00' }],
    tue: [{ from: '07:00', to: '22:00' }],
    wed: [{ from: '07:00', to: '22:00' }],
    thu: [{ from: '07:00', to: '22:00' }],
    fri: [{ from: '07:00', to: '22:00' }],
  },
  exceptions: [
    { date: '2026-11-26', ranges: [], name: 'Thanksgiving' },
    { date: '2026-11-28', ranges: [{ from: '10:00', to: '12:00' }] },
  ],
};
const nightShift: AccessSchedule = { weekly: { fri: [{ from: '22:00', to: '06:00' }] }, exceptions: [] };
const untilMidnight: AccessSchedule = { weekly: { sun: [{ from: '18:00', to: '24:00' }] }, exceptions: [] };

describe('isOpenAt', () => {
  const cases: [string, AccessSchedule, string, string, boolean][] = [
    ['a minute before the start', weekdaysSevenToTen, '2026-11-23', '06:59', false],
    ['the start minute', weekdaysSevenToTen, '2026-11-23', '07:00', true],
    ['the last minute', weekdaysSevenToTen, '2026-11-23', '21:59', true],
    ['the end minute (ranges end before it)', weekdaysSevenToTen, '2026-11-23', '22:00', false],
    ['a day absent from weekly is closed', weekdaysSevenToTen, '2026-11-29', '12:00', false],
    ['a holiday closes a weekday', weekdaysSevenToTen, '2026-11-26', '12:00', false],
    ['an exception opens a Saturday in its ranges', weekdaysSevenToTen, '2026-11-28', '11:00', true],
    ['and only in its ranges', weekdaysSevenToTen, '2026-11-28', '12:00', false],
    ['overnight: open on its evening', nightShift, '2026-11-27', '23:30', true],
    ['overnight: open past midnight into the next day', nightShift, '2026-11-28', '05:59', true],
    ['overnight: closed at its end', nightShift, '2026-11-28', '06:00', false],
    ['overnight: closed before its start', nightShift, '2026-11-27', '21:59', false],
    ['24:00 runs to the end of the day', untilMidnight, '2026-11-29', '23:59', true],
    ['24:00 does not spill into the next day', untilMidnight, '2026-11-30', '00:00', false],
    // DST in New York: 2026-03-08 springs forward at 02:00, 2026-11-01 falls back at 02:00.
    ['spring-forward Sunday, after the gap', untilMidnight, '2026-03-08', '18:00', true],
    ['fall-back Sunday evening', untilMidnight, '2026-11-01', '18:30', true],
    ['fall-back Sunday before the range', untilMidnight, '2026-11-01', '17:59', false],
    ['always', ALWAYS, '2026-11-26', '03:00', true],
  ];
  it.each(cases)('%s', (_name, schedule, date, time, open) => {
    expect(isOpenAt(schedule, wall(date, time))).toBe(open);
  });

  it('reads the hour in the zone: the instant after the spring-forward gap is 03:00 wall time', () => {
    const earlyBird: AccessSchedule = { weekly: { sun: [{ from: '03:00', to: '04:00' }] }, exceptions: [] };
    const afterGap = new Date('2026-03-08T07:00:00Z'); // 03:00 EDT
    const beforeGap = new Date('2026-03-08T06:59:00Z'); // 01:59 EST
    expect(isOpenAt(earlyBird, wallTimeAt(afterGap, NY))).toBe(true);
    expect(isOpenAt(earlyBird, wallTimeAt(beforeGap, NY))).toBe(false);
  });

  it('the same instant is open in one zone and closed in another', () => {
    const instant = wallToInstant('2026-11-23', '08:00', NY);
    expect(isOpenAt(weekdaysSevenToTen, wallTimeAt(instant, NY))).toBe(true);
    expect(isOpenAt(weekdaysSevenToTen, wallTimeAt(instant, 'America/Los_Angeles'))).toBe(false);
  });
});

describe('nextOpening', () => {
  it('names the next start today, tomorrow, or after a holiday', () => {
    expect(nextOpening(weekdaysSevenToTen, wall('2026-11-23', '05:00'))).toEqual({ date: '2026-11-23', time: '07:00' });
    expect(nextOpening(weekdaysSevenToTen, wall('2026-11-23', '22:30'))).toEqual({ date: '2026-11-24', time: '07:00' });
    expect(nextOpening(weekdaysSevenToTen, wall('2026-11-25', '23:00'))).toEqual({ date: '2026-11-27', time: '07:00' });
    expect(nextOpening({ weekly: {}, exceptions: [] }, wall('2026-11-25', '23:00'))).toBeNull();
  });
});

const resident = (overrides: Partial<RulePerson> = {}): RulePerson => ({
  role: 'resident',
  suspended: false,
  accessFrom: null,
  accessUntil: null,
  opensDuringLockdown: null,
  ofGateProperty: true,
  gateSchedules: [weekdaysSevenToTen],
  ...overrides,
});
const manager = (overrides: Partial<RulePerson> = {}) => resident({ role: 'admin', gateSchedules: [], ...overrides });

type Credential = 'holder' | 'pass';
const factsFor = (credential: Credential, person: RulePerson, more: Partial<RuleFacts> = {}): RuleFacts => ({
  lockdown: false,
  holder: credential === 'holder' ? person : null,
  host: credential === 'pass' ? person : null,
  passAllowsGate: true,
  ...more,
});

const MONDAY_NOON = wall('2026-11-23', '12:00');
const MONDAY_NIGHT = wall('2026-11-23', '23:00');

describe('refusal', () => {
  // [case, person, extra facts, when, the holder's answer (app, PIN, card), the pass's answer (QR, delivery)]
  const cases: [string, RulePerson, Partial<RuleFacts>, typeof MONDAY_NOON, AccessRule | null, AccessRule | null][] = [
    ['in a group for the gate, within hours', resident(), {}, MONDAY_NOON, null, null],
    ['in a group for the gate, outside hours', resident(), {}, MONDAY_NIGHT, 'outside_schedule', null],
    [
      'in no group for the gate',
      resident({ gateSchedules: [] }),
      {},
      MONDAY_NOON,
      'not_allowed_at_gate',
      'not_allowed_at_gate',
    ],
    [
      'two groups: one open is enough',
      resident({ gateSchedules: [weekdaysSevenToTen, ALWAYS] }),
      {},
      MONDAY_NIGHT,
      null,
      null,
    ],
    [
      'moved to another property, a group of this one still listing them',
      resident({ ofGateProperty: false }),
      {},
      MONDAY_NOON,
      'not_allowed_at_gate',
      'not_allowed_at_gate',
    ],
    [
      'a manager of another property',
      manager({ ofGateProperty: false }),
      {},
      MONDAY_NOON,
      'not_allowed_at_gate',
      'not_allowed_at_gate',
    ],
    ['lockdown', resident(), { lockdown: true }, MONDAY_NOON, 'lockdown', 'lockdown'],
    [
      'lockdown, the person may open during it',
      resident({ opensDuringLockdown: true }),
      { lockdown: true },
      MONDAY_NOON,
      null,
      'lockdown',
    ],
    ['lockdown, a manager', manager(), { lockdown: true }, MONDAY_NOON, null, 'lockdown'],
    [
      'lockdown, a manager the property took it from',
      manager({ opensDuringLockdown: false }),
      { lockdown: true },
      MONDAY_NOON,
      'lockdown',
      'lockdown',
    ],
    ['suspended', resident({ suspended: true }), {}, MONDAY_NOON, 'suspended', 'host_suspended'],
    [
      'before their access-from date',
      resident({ accessFrom: '2026-11-24' }),
      {},
      MONDAY_NOON,
      'outside_access_dates',
      'host_suspended',
    ],
    ['on their access-from date', resident({ accessFrom: '2026-11-23' }), {}, MONDAY_NOON, null, null],
    ['on their access-until date', resident({ accessUntil: '2026-11-23' }), {}, MONDAY_NOON, null, null],
    [
      'after their access-until date',
      resident({ accessUntil: '2026-11-22' }),
      {},
      MONDAY_NOON,
      'outside_access_dates',
      'host_suspended',
    ],
    [
      'a pass narrowed to other gates',
      resident(),
      { passAllowsGate: false },
      MONDAY_NOON,
      'not_allowed_at_gate',
      'not_allowed_at_gate',
    ],
    ['a manager opens every gate at any hour', manager(), {}, MONDAY_NIGHT, null, null],
    [
      'lockdown wins over suspension',
      resident({ suspended: true }),
      { lockdown: true },
      MONDAY_NOON,
      'lockdown',
      'lockdown',
    ],
  ];
  it.each(cases)('%s', (_name, person, more, when, holderAnswer, passAnswer) => {
    expect(refusal(factsFor('holder', person, more), when)?.rule ?? null).toBe(holderAnswer);
    expect(refusal(factsFor('pass', person, more), when)?.rule ?? null).toBe(passAnswer);
  });
});
