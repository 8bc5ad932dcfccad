import { emptyWindow } from '@core/visitor-form/visitor-window';
import { describe, expect, it } from 'vitest';
import { emptyVisitorForm, isComplete, toRegisterRequest } from './register-visitor-form';

const PROPERTY = '7b0c6f1e-4a7e-4b8e-9a51-1d2f3c4b5a69';

describe('the Register Visitor request', () => {
  it('lowercases the email and sends the property and the caller', () => {
    const form = {
      ...emptyVisitorForm(PROPERTY, '2025-06-02'),
      firstName: ' Vera ',
      lastName: 'Visitor',
      email: ' Vera@Example.COM ',
    };
    expect(isComplete(form)).toBe(true);
    expect(toRegisterRequest(form, 'America/New_York', 'user-1')).toMatchObject({
      firstName: 'Vera',
      email: 'vera@example.com',
      qrType: 'betweenDates',
      startDate: '2025-06-02',
      endDate: '2025-06-03',
      PID: PROPERTY,
      UID: 'user-1',
      timezone: 'America/New_York',
    });
  });

  it('spans specific dates from the first to the last, and sends weekdays without an end', () => {
    const dated = {
      ...emptyVisitorForm(PROPERTY, '2025-06-02'),
      window: {
        ...emptyWindow('randomDates', '2025-06-02'),
        multipleDays: [
          { date: '2025-06-12', startTime: '00:00', endTime: '23:59' },
          { date: '2025-06-05', startTime: '09:00', endTime: '10:00' },
        ],
      },
    };
    expect(toRegisterRequest(dated, 'America/New_York', 'u')).toMatchObject({
      startDate: '2025-06-05',
      endDate: '2025-06-12',
      recurringDays: [],
    });
    const weekly = { ...emptyVisitorForm(PROPERTY, '2025-06-02'), window: emptyWindow('weekdays', '2025-06-02') };
    expect(toRegisterRequest(weekly, 'America/New_York', 'u')).toMatchObject({
      endDate: '',
      multipleDays: [],
      lifetimeValidity: false,
    });
  });

  it('is incomplete without names, a valid email or a property', () => {
    const base = { ...emptyVisitorForm(PROPERTY, '2025-06-02'), firstName: 'A', lastName: 'B', email: 'a@b.co' };
    expect(isComplete({ ...base, email: 'nope' })).toBe(false);
    expect(isComplete({ ...base, propertyId: '' })).toBe(false);
    expect(isComplete({ ...base, firstName: ' ' })).toBe(false);
  });
});
