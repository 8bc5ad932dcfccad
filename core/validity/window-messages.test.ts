import { describe, expect, it } from 'vitest';
import { describeWindow } from './window-messages';

const base = {
  startDate: new Date('2025-06-02T12:00:00Z'),
  endDate: new Date('2025-06-03T21:00:00Z'),
  lifetimeValidity: false,
  recurringDays: [],
  multipleDays: [],
};

describe('describeWindow', () => {
  it('groups weekdays with the same times, Monday first', () => {
    const words = describeWindow(
      {
        ...base,
        endDate: null,
        qrType: 'weekdays',
        recurringDays: [
          { day: 'Wednesday', startTime: '08:00', endTime: '17:00' },
          { day: 'Monday', startTime: '08:00', endTime: '17:00' },
          { day: 'Saturday', startTime: '10:00', endTime: '12:00' },
        ],
      },
      'America/New_York',
    );
    expect(words).toBe('Mondays and Wednesdays, 08:00–17:00; Saturdays, 10:00–12:00');
  });

  it('names the last day of a weekday pass that has one', () => {
    const words = describeWindow(
      {
        ...base,
        qrType: 'weekdays',
        endDate: new Date('2025-06-10T04:00:00Z'), // midnight after Monday Jun 9 in New York
        recurringDays: [{ day: 'Monday', startTime: '08:00', endTime: '17:00' }],
      },
      'America/New_York',
    );
    expect(words).toBe('Mondays, 08:00–17:00, until Mon, Jun 9, 2025');
  });

  it('reads between dates on the property clock, the zone named', () => {
    expect(describeWindow({ ...base, qrType: 'betweenDates' }, 'America/New_York')).toBe(
      'from Mon, Jun 2, 2025 08:00 EDT to Tue, Jun 3, 2025 17:00 EDT',
    );
    expect(describeWindow({ ...base, qrType: 'betweenDates' }, 'Asia/Kolkata')).toBe(
      'from Mon, Jun 2, 2025 17:30 GMT+5:30 to Wed, Jun 4, 2025 02:30 GMT+5:30',
    );
  });

  it('says until further notice for a permanent code', () => {
    expect(describeWindow({ ...base, qrType: 'betweenDates', lifetimeValidity: true }, 'America/New_York')).toBe(
      'from Mon, Jun 2, 2025 08:00 EDT until further notice',
    );
  });

  it('lists specific dates in order', () => {
    const words = describeWindow(
      {
        ...base,
        qrType: 'randomDates',
        multipleDays: [
          { date: '2025-06-12', startTime: '14:00', endTime: '15:00' },
          { date: '2025-06-10', startTime: '09:00', endTime: '12:00' },
        ],
      },
      'America/New_York',
    );
    expect(words).toBe('Tue, Jun 10, 2025, 09:00–12:00 and Thu, Jun 12, 2025, 14:00–15:00');
  });
});
