import { describe, expect, it } from 'vitest';
import { LOG_MESSAGES } from './gate-log-messages';

describe('the gate log total', () => {
  it('reads as a count when exact and as "about" when estimated', () => {
    expect(LOG_MESSAGES.eventCount(1, true)).toBe('1 event');
    expect(LOG_MESSAGES.eventCount(7047, true)).toBe('7047 events');
    expect(LOG_MESSAGES.eventCount(7000, false)).toBe('about 7000 events');
  });
});
