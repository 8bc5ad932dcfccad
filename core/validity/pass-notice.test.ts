import { describe, expect, it } from 'vitest';
import { passNotice } from './pass-notice';
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
  it('names when a pass opens as every screen writes a time: on the property clock, zone named', () => {
    expect(passNotice('not-yet-valid', code, ZONE)).toBe('This pass is not valid until Fri, Nov 27, 2026 09:00 EST');
  });

  it('words every other refusal for the person at the gate', () => {
    expect(passNotice('expired', code, ZONE)).toBe('This pass has expired');
    expect(passNotice('otherProperty', code, ZONE)).toBe('Not a pass for this property');
    expect(passNotice('unknown', null, ZONE)).toBe('This code is not a valid pass');
    const weekdays: QrWindow = {
      ...code,
      qrType: 'weekdays',
      endDate: null,
      recurringDays: [{ day: 'Saturday', startTime: '10:00', endTime: '12:00' }],
    };
    expect(passNotice('outside-window', weekdays, ZONE)).toBe('This pass is valid Saturdays, 10:00–12:00, not now');
  });
});
