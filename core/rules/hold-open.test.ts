import { describe, expect, it } from 'vitest';
import { holdStateWords } from '../api/hold-open';
import { wallTimeAt } from '../time/zoned-time';
import { expectedHold, type HoldFacts, holdChangeWords, scheduleOpenUntil } from './hold-open';
import type { AccessSchedule } from './schedule';

const MORNINGS: AccessSchedule = {
  weekly: {
    mon: [
      { from: '07:00', to: '09:00' },
      { from: '09:00', to: '10:00' },
    ],
    tue: [{ from: '22:00', to: '02:00' }],
  },
  exceptions: [],
};
const base: HoldFacts = {
  schedule: MORNINGS,
  manualState: null,
  manualUntil: null,
  manualByName: 'Pat Lee',
  lockdown: false,
  assertedCause: null,
  timeZone: 'America/New_York',
};
// 2026-11-30 is a Monday; New York is UTC-5 then.
const ny = (time: string, date = '2026-11-30') => new Date(`${date}T${time}:00-05:00`);

describe('expectedHold', () => {
  it.each([
    ['06:59', false, 'schedule-end'],
    ['07:00', true, 'schedule'],
    ['09:59', true, 'schedule'],
    ['10:00', false, 'schedule-end'],
  ])('at %s the schedule says on=%s (%s)', (time, on, cause) => {
    expect(expectedHold(base, ny(time))).toMatchObject({ on, cause });
  });

  it('holds through midnight on an overnight range', () => {
    expect(expectedHold(base, ny('01:59', '2026-12-02')).on).toBe(true);
    expect(expectedHold(base, ny('02:00', '2026-12-02')).on).toBe(false);
  });

  it('a lockdown releases whatever holds; a manager hold holds until its end; a release lasts while the schedule is open', () => {
    const manual = { ...base, schedule: null, manualState: 'hold' as const, manualUntil: ny('12:00') };
    expect(expectedHold(manual, ny('11:59'))).toMatchObject({ on: true, cause: 'manual', manualInForce: true });
    expect(expectedHold({ ...manual, assertedCause: 'manual' }, ny('12:00'))).toMatchObject({
      on: false,
      cause: 'hold-end',
      manualInForce: false,
    });
    // A lockdown ends the hold (it is dropped, not resumed after); a release outlives it (decision 0067).
    expect(expectedHold({ ...manual, lockdown: true }, ny('11:00'))).toMatchObject({
      on: false,
      cause: 'lockdown',
      manualInForce: false,
    });
    expect(expectedHold({ ...base, manualState: 'release', lockdown: true }, ny('08:00')).manualInForce).toBe(true);
    const released = { ...base, manualState: 'release' as const };
    expect(expectedHold(released, ny('08:00'))).toMatchObject({ on: false, cause: 'manual', manualInForce: true });
    expect(expectedHold(released, ny('10:00')).manualInForce).toBe(false);
  });
});

describe('words', () => {
  it("names the cause of each change, and the end of a hold on the property's clock with its zone", () => {
    const manual = { ...base, manualState: 'hold' as const, manualUntil: ny('10:30') };
    expect(holdChangeWords(expectedHold(manual, ny('06:00')), manual)).toBe('Held open by Pat Lee until 10:30 EST');
    expect(holdChangeWords(expectedHold(base, ny('07:00')), base)).toBe('Held open (schedule)');
    expect(holdChangeWords(expectedHold(base, ny('10:00')), base)).toBe('Released (schedule end)');
    expect(holdChangeWords(expectedHold({ ...base, lockdown: true }, ny('08:00')), base)).toBe('Released: lockdown');
  });

  it('follows ranges that start where the last ended, for "until" in the state', () => {
    const end = scheduleOpenUntil(MORNINGS, wallTimeAt(ny('07:30'), 'America/New_York'));
    expect(end).toMatchObject({ date: '2026-11-30', minute: 600 });
    expect(scheduleOpenUntil(MORNINGS, wallTimeAt(ny('06:00'), 'America/New_York'))).toBeNull();
    expect(
      holdStateWords({
        deviceId: 'd',
        held: true,
        cause: 'schedule',
        until: ny('09:00').toISOString(),
        by: null,
        schedule: MORNINGS,
        canHold: true,
        lockdown: false,
        relayError: null,
        timeZone: 'America/New_York',
      }),
    ).toBe('Held open until Mon, Nov 30, 2026 09:00 EST (schedule)');
  });
});
