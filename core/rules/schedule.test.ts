import { describe, expect, it } from 'vitest';
import { minutesOf, weekdayIndexOf } from '../time/zoned-time';
import { type AccessSchedule, ALWAYS, accessSchedule, isOpenAt, timeRange } from './schedule';

describe('schedule ranges', () => {
  it('accepts the whole day, 00:00 to 24:00, so "All residents" can be saved as it is', () => {
    expect(timeRange.safeParse({ from: '00:00', to: '24:00' }).success).toBe(true);
    expect(accessSchedule.safeParse(ALWAYS).success).toBe(true);
  });

  it('refuses a range that ends when it starts', () => {
    for (const range of [
      { from: '07:00', to: '07:00' },
      { from: '24:00', to: '00:00' },
    ])
      expect(timeRange.safeParse(range).error?.issues[0].message).toBe(
        'A time range must end at a different time than it starts',
      );
  });
});

describe('an exception day and the night before it (docs/decisions/0067)', () => {
  // 2026-12-25 is a Friday; Thursday's range runs past midnight into it.
  const overnight: AccessSchedule = { weekly: { thu: [{ from: '22:00', to: '02:00' }] }, exceptions: [] };
  const wall = (date: string, time: string) => ({
    date,
    minute: minutesOf(time),
    weekdayIndex: weekdayIndexOf(date),
  });

  it('a holiday closes the whole day, the early hours the night before would run into included', () => {
    const holiday = { ...overnight, exceptions: [{ date: '2026-12-25', ranges: [], name: 'Christmas Day' }] };
    expect(isOpenAt(overnight, wall('2026-12-25', '01:00'))).toBe(true);
    expect(isOpenAt(holiday, wall('2026-12-25', '01:00'))).toBe(false);
    // The evening before the holiday keeps its hours up to midnight.
    expect(isOpenAt(holiday, wall('2026-12-24', '23:00'))).toBe(true);
  });

  it('an exception with hours replaces the whole day too: only its own ranges open it', () => {
    const shortDay = { ...overnight, exceptions: [{ date: '2026-12-25', ranges: [{ from: '10:00', to: '12:00' }] }] };
    expect(isOpenAt(shortDay, wall('2026-12-25', '01:00'))).toBe(false);
    expect(isOpenAt(shortDay, wall('2026-12-25', '11:00'))).toBe(true);
  });
});
