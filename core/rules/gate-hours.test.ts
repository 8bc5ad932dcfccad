import { describe, expect, it } from 'vitest';
import { wallTimeAt } from '../time/zoned-time';
import { gateHoursAt } from './gate-hours';
import type { AccessSchedule } from './schedule';

const mornings: AccessSchedule = {
  weekly: { mon: [{ from: '06:00', to: '09:00' }], wed: [{ from: '06:00', to: '09:00' }] },
  exceptions: [],
};
const nights: AccessSchedule = { weekly: { mon: [{ from: '22:00', to: '02:00' }] }, exceptions: [] };
// Monday 30 November 2026, in New York.
const at = (time: string) => wallTimeAt(new Date(`2026-11-30T${time}:00-05:00`), 'America/New_York');

describe('gate hours', () => {
  it('is allowed while one of the groups is open, overnight ranges included', () => {
    expect(gateHoursAt([mornings], at('07:30'))).toEqual({ allowedNow: true, opensAt: null });
    expect(gateHoursAt([mornings, nights], at('23:30'))).toEqual({ allowedNow: true, opensAt: null });
  });

  it('says when it opens next: a time today, a weekday and time on another day', () => {
    expect(gateHoursAt([mornings], at('05:00'))).toEqual({ allowedNow: false, opensAt: '06:00' });
    expect(gateHoursAt([mornings, nights], at('10:00'))).toEqual({ allowedNow: false, opensAt: '22:00' });
    expect(gateHoursAt([mornings], at('10:00'))).toEqual({ allowedNow: false, opensAt: 'Wed 06:00' });
  });

  it('opens nowhere without a group, or with groups that never open', () => {
    expect(gateHoursAt([], at('10:00'))).toEqual({ allowedNow: false, opensAt: null });
    expect(gateHoursAt([{ weekly: {}, exceptions: [] }], at('10:00'))).toEqual({ allowedNow: false, opensAt: null });
  });
});
