import { emptyWindow } from '@core/visitor-form/visitor-window';
import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { emptyVisitorForm, toRegisterRequest } from './register-visitor-form';
import { visitorFormSchema } from './register-visitor-schema';

const errorsOf = schemaResolver(visitorFormSchema, { sync: true });

const PROPERTY = '7b0c6f1e-4a7e-4b8e-9a51-1d2f3c4b5a69';

describe('the Register Visitor request', () => {
  it('lowercases the email and sends the property and the caller', () => {
    const form = {
      ...emptyVisitorForm(PROPERTY, '2025-06-02'),
      firstName: ' Vera ',
      lastName: 'Visitor',
      email: ' Vera@Example.COM ',
    };
    expect(errorsOf(form)).toEqual({});
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

  it('names each missing or wrong field on that field, all at once', () => {
    expect(errorsOf(emptyVisitorForm('', '2025-06-02'))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      propertyId: 'Property is required',
    });
    const base = { ...emptyVisitorForm(PROPERTY, '2025-06-02'), firstName: 'A', lastName: 'B', email: 'a@b.co' };
    expect(errorsOf({ ...base, email: 'nope', firstName: ' ' })).toEqual({
      email: 'Please enter a valid email address',
      firstName: 'First name is required',
    });
  });
});
