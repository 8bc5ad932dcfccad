import { describe, expect, it } from 'vitest';
import type { IntercomCallDto } from '../../api/intercom';
import { callOutcome } from './call-outcome';

const call = (change: Partial<IntercomCallDto>): IntercomCallDto => ({
  _id: 'c',
  status: 'ended',
  gate: { _id: 'g', name: 'Main Gate' },
  startedAt: '2026-11-29T04:00:00.000Z',
  ...change,
});

describe('callOutcome', () => {
  it('names what became of a call: opened wins, then missed, declined, answered', () => {
    expect(callOutcome(call({ status: 'ended', answeredAt: '2026-11-29T04:00:05.000Z', opened: true }))).toBe('Opened');
    expect(callOutcome(call({ status: 'missed' }))).toBe('Missed');
    expect(callOutcome(call({ status: 'declined' }))).toBe('Declined');
    expect(callOutcome(call({ status: 'answered' }))).toBe('Answered');
    // Hung up after an answer is still an answered call, not a missed one.
    expect(callOutcome(call({ status: 'ended', answeredAt: '2026-11-29T04:00:05.000Z' }))).toBe('Answered');
    expect(callOutcome(call({ status: 'ended', answeredAt: null }))).toBe('Ended');
    expect(callOutcome(call({ status: 'ringing' }))).toBe('Ringing');
  });
});
