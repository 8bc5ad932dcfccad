import { describe, expect, it } from 'vitest';
import { ALWAYS, accessSchedule, timeRange } from './schedule';

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
