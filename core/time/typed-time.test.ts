import { describe, expect, it } from 'vitest';
import { parseTypedTime } from './typed-time';

describe('parseTypedTime', () => {
  it('understands a time typed the way people type it, as the 24-hour clock the app shows', () => {
    expect(parseTypedTime('9am')).toBe('09:00');
    expect(parseTypedTime('9 AM')).toBe('09:00');
    expect(parseTypedTime('9')).toBe('09:00');
    expect(parseTypedTime('9:30 pm')).toBe('21:30');
    expect(parseTypedTime('9.30p.m.')).toBe('21:30');
    expect(parseTypedTime('930')).toBe('09:30');
    expect(parseTypedTime('2130')).toBe('21:30');
    expect(parseTypedTime('21:30')).toBe('21:30');
    expect(parseTypedTime(' 07:05 ')).toBe('07:05');
    expect(parseTypedTime('12am')).toBe('00:00');
    expect(parseTypedTime('12:30 AM')).toBe('00:30');
    expect(parseTypedTime('12pm')).toBe('12:00');
    expect(parseTypedTime('noon')).toBe('12:00');
    expect(parseTypedTime('midnight')).toBe('00:00');
    expect(parseTypedTime('24:00')).toBe('24:00');
  });

  it('refuses what is not a time of day', () => {
    for (const typed of ['', 'soon', '25:00', '24:30', '9:60', '13pm', '0am', '9:5', '123456', '2026-11-29']) {
      expect(parseTypedTime(typed), typed).toBeNull();
    }
  });
});
