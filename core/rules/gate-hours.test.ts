import { describe, expect, it } from 'vitest';
import { gateHoursAt } from './gate-hours';
import type { AccessSchedule } from './schedule';

const mornings: AccessSchedule = {
  weekly: { mon: [{ from: '06:00', to: '09:00' }], wed: [{ from: '06:00', to: '09:00' }] },
  exceptions: [],
};
const nights: AccessSchedule = { weekly: { mon: [{ from: '22:00', to: '02:00' }] }, exceptions: [] };
const NY = 'America/New_York';
// Monday 30 November 2026, in New York.
const at = (time: string) => new Date(`2026-11-30T${time}:00-05:00`);

describe('gate hours', () => {
  it('is allowed while one of the groups is open, overnight ranges included', () => {
    expect(gateHoursAt([mornings], at('07:30'), NY)).toEqual({ allowedNow: true, opensAt: null });
    expect(gateHoursAt([mornings, nights], at('23:30'), NY)).toEqual({ allowedNow: true, opensAt: null });
  });

  it("says when it opens next on the property's 24-hour clock, zone named: a time today, a weekday and time on another day", () => {
    expect(gateHoursAt([mornings], at('05:00'), NY)).toEqual({ allowedNow: false, opensAt: '06:00 EST' });
    expect(gateHoursAt([mornings, nights], at('10:00'), NY)).toEqual({ allowedNow: false, opensAt: '22:00 EST' });
    expect(gateHoursAt([mornings], at('10:00'), NY)).toEqual({ allowedNow: false, opensAt: 'Wed 06:00 EST' });
  });

  it('names the zone as it will be when the gate opens, across a change of daylight saving', () => {
    // Saturday 7 March 2026 (EST); the mornings open again on Monday 9 March, after clocks went forward.
    expect(gateHoursAt([mornings], new Date('2026-03-07T12:00:00-05:00'), NY).opensAt).toBe('Mon 06:00 EDT');
  });

  it('opens nowhere without a group, or with groups that never open', () => {
    expect(gateHoursAt([], at('10:00'), NY)).toEqual({ allowedNow: false, opensAt: null });
    expect(gateHoursAt([{ weekly: {}, exceptions: [] }], at('10:00'), NY)).toEqual({
      allowedNow: false,
      opensAt: null,
    });
  });
});
