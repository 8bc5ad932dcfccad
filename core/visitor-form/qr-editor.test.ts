import { describe, expect, it } from 'vitest';
import { editorStateOf, editorUpdate } from './qr-editor';

describe('editorUpdate', () => {
  const rows = {
    recurringDays: [{ _id: 'r1', day: 'Monday', startTime: '08:00', endTime: '17:00' }],
    multipleDays: [],
  };

  it('sends the wall dates with the code’s weekday and date rows as they are (docs/SPEC.md §7)', () => {
    const state = editorStateOf(
      { startDate: '2026-03-02T13:00:00.000Z', endDate: '2026-03-09T22:00:00.000Z', lifetimeValidity: false },
      'America/New_York',
    );
    expect(editorUpdate(state, rows)).toEqual({
      startDate: '2026-03-02 08:00',
      endDate: '2026-03-09 18:00',
      lifetimeValidity: false,
      recurringDays: rows.recurringDays,
      multipleDays: [],
    });
  });

  it('sends no end date for a permanent visitor', () => {
    const state = editorStateOf(
      { startDate: '2026-03-02T13:00:00.000Z', endDate: null, lifetimeValidity: true },
      'America/New_York',
    );
    expect(editorUpdate(state, rows)).toMatchObject({ endDate: null, lifetimeValidity: true });
  });
});
