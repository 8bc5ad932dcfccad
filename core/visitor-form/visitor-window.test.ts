import { describe, expect, it } from 'vitest';
import { listEditorError, pageEditorError, withEditorLifetime } from './qr-editor';
import { VISITOR_MESSAGES } from './visitor-messages';
import {
  emptyWindow,
  hasWindowErrors,
  newRecurringDay,
  newSpecificDate,
  sortRecurringDays,
  specificDatesSpan,
  startsFarAhead,
  visitorWindowErrors,
  windowEndedError,
  withLifetime,
} from './visitor-window';

describe('visitor form rules (docs/SPEC.md §4, §5)', () => {
  it('lifetime on starts today and ends 36500 days later at 00:00; off ends the next day', () => {
    const on = withLifetime(emptyWindow('betweenDates', '2025-06-02'), true, '2025-06-02');
    expect(on).toMatchObject({ startDate: '2025-06-02', startTime: '00:00', endDate: '2125-05-09', endTime: '00:00' });
    const off = withLifetime(on, false, '2025-06-02');
    expect(off).toMatchObject({ lifetimeValidity: false, endDate: '2025-06-03' });
  });

  it('end equal to start fails with the exact message', () => {
    const window = { ...emptyWindow('betweenDates', '2025-06-02'), endDate: '2025-06-02' };
    expect(visitorWindowErrors(window).endDate).toBe(VISITOR_MESSAGES.endBeforeStart);
    expect(hasWindowErrors(visitorWindowErrors(emptyWindow('betweenDates', '2025-06-02')))).toBe(false);
  });

  it('a row whose start is after its end fails, with the summary', () => {
    const window = {
      ...emptyWindow('weekdays', '2025-06-02'),
      recurringDays: [newRecurringDay('Monday'), { day: 'Friday' as const, startTime: '18:00', endTime: '09:00' }],
    };
    const errors = visitorWindowErrors(window);
    expect(errors.recurringDays).toEqual([undefined, VISITOR_MESSAGES.startAfterEnd]);
    expect(errors.summary).toBe(VISITOR_MESSAGES.recurringDaysSummary);
    expect(newRecurringDay('Monday')).toEqual({ day: 'Monday', startTime: '00:00', endTime: '23:59' });
  });

  it('sorts weekdays Monday to Sunday and spans specific dates first to last', () => {
    expect(sortRecurringDays([{ day: 'Sunday' }, { day: 'Monday' }, { day: 'Wednesday' }]).map((d) => d.day)).toEqual([
      'Monday',
      'Wednesday',
      'Sunday',
    ]);
    expect(
      specificDatesSpan([
        { date: '2025-07-04', startTime: '00:00', endTime: '23:59' },
        { date: '2025-06-30', startTime: '00:00', endTime: '23:59' },
      ]),
    ).toEqual({ startDate: '2025-06-30', endDate: '2025-07-04' });
  });
});

describe('QR editors (docs/SPEC.md §4 QR code lifecycle, §5 QR editing)', () => {
  const state = {
    startDate: '2025-06-05',
    startTime: '10:00',
    endDate: '2025-06-05',
    endTime: '10:00',
    lifetimeValidity: false,
  };
  it('has each screen its own message', () => {
    expect(listEditorError(state)).toBe('End date must be after start date.');
    expect(pageEditorError(state)).toBe('End date and time must be later than start date and time.');
    expect(pageEditorError({ ...state, endDate: '2025-06-04', endTime: '23:00' })).toBe(
      'End date cannot be before start date.',
    );
    expect(listEditorError({ ...state, endTime: '11:00' })).toBeUndefined();
    expect(listEditorError({ ...state, endDate: '', endTime: '' })).toBeUndefined();
  });
  it('lifetime on ends 100 years after the start; off is today midnight to the next midnight', () => {
    expect(withEditorLifetime(state, true, '2025-06-01')).toMatchObject({ endDate: '2125-06-05', endTime: '10:00' });
    expect(withEditorLifetime(state, false, '2025-06-01')).toEqual({
      lifetimeValidity: false,
      startDate: '2025-06-01',
      startTime: '00:00',
      endDate: '2025-06-02',
      endTime: '00:00',
    });
  });
});

describe('a window that is already over', () => {
  const now = { date: '2025-06-01', time: '08:00' };
  it('is an error on the end date, or on the dates when every one has passed', () => {
    const over = { ...emptyWindow('betweenDates', '2025-01-01'), endDate: '2025-01-02' };
    expect(visitorWindowErrors(over, now).endDate).toBe(
      'This time window has already ended. Choose an end in the future.',
    );
    expect(visitorWindowErrors({ ...over, endDate: '2025-06-01', endTime: '09:00' }, now).endDate).toBeUndefined();
    const dates = {
      ...emptyWindow('randomDates', '2025-06-01'),
      multipleDays: [{ date: '2025-05-31', startTime: '00:00', endTime: '23:59' }],
    };
    expect(visitorWindowErrors(dates, now).summary).toBe(
      'All of these dates have already passed. Add a date from today on.',
    );
    expect(
      windowEndedError({ ...dates, multipleDays: [...dates.multipleDays, newSpecificDate('2025-06-01')] }, now),
    ).toBeNull();
    expect(windowEndedError({ ...over, lifetimeValidity: true }, now)).toBeNull();
  });

  it('warns, without refusing, when the visit starts more than a year ahead', () => {
    const far = { ...emptyWindow('betweenDates', '2026-06-03'), endDate: '2026-06-04' };
    expect(startsFarAhead(far, '2025-06-01')).toBe(true);
    expect(startsFarAhead({ ...far, startDate: '2026-06-01' }, '2025-06-01')).toBe(false);
    expect(visitorWindowErrors(far, { date: '2025-06-01', time: '08:00' }).endDate).toBeUndefined();
  });
});

describe('the optional last day of a weekday pass', () => {
  const now = { date: '2025-06-04', time: '08:00' };
  const weekly = { ...emptyWindow('weekdays', '2025-06-04'), recurringDays: [newRecurringDay('Monday')] };
  it('has none by default, and a day from the first day on is fine', () => {
    expect(weekly.endDate).toBe('');
    expect(hasWindowErrors(visitorWindowErrors(weekly, now))).toBe(false);
    expect(hasWindowErrors(visitorWindowErrors({ ...weekly, endDate: '2025-06-04' }, now))).toBe(false);
  });
  it('may be neither before the first day nor already past', () => {
    expect(visitorWindowErrors({ ...weekly, startDate: '2025-06-10', endDate: '2025-06-09' }, now).endDate).toBe(
      VISITOR_MESSAGES.lastDayBeforeStart,
    );
    expect(visitorWindowErrors({ ...weekly, startDate: '2025-06-01', endDate: '2025-06-03' }, now).endDate).toBe(
      VISITOR_MESSAGES.lastDayPassed,
    );
  });
});
