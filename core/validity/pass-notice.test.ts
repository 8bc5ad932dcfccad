import { describe, expect, it } from 'vitest';
import { passNotice, readableOpening } from './pass-notice';
import type { QrWindow } from './qr-validity';

const ZONE = 'America/New_York';
const code: QrWindow = {
  qrType: 'betweenDates',
  startDate: new Date('2026-11-27T14:00:00Z'), // Friday 9:00 AM in New York
  endDate: new Date('2026-11-28T14:00:00Z'),
  lifetimeValidity: false,
  recurringDays: [],
  multipleDays: [],
};

describe('passNotice', () => {
  it('names the day and time a pass opens, on the property clock', () => {
    const monday = new Date('2026-11-23T12:00:00Z');
    expect(passNotice('not-yet-valid', code, ZONE, monday)).toBe('This pass is not valid until Friday 9:00 AM');
  });

  it('adds the date when the opening is more than six days away', () => {
    expect(readableOpening(code.startDate, ZONE, new Date('2026-11-10T12:00:00Z'))).toBe('Friday, November 27 9:00 AM');
  });

  it('words every other refusal for the person at the gate', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(passNotice('expired', code, ZONE, now)).toBe('This pass has expired');
    expect(passNotice('otherProperty', code, ZONE, now)).toBe('Not a pass for this property');
    expect(passNotice('unknown', null, ZONE, now)).toBe('This code is not a valid pass');
    const weekdays: QrWindow = {
      ...code,
      qrType: 'weekdays',
      endDate: null,
      recurringDays: [{ day: 'Saturday', startTime: '10:00', endTime: '12:00' }],
    };
    expect(passNotice('outside-window', weekdays, ZONE, now)).toBe(
      'This pass is valid Saturdays, 10:00–12:00, not now',
    );
  });
});
