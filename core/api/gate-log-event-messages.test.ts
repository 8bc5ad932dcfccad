import { describe, expect, it } from 'vitest';
import type { GateLogDto } from './gate-log';
import { operationWords, relayFailureWords, statusSentence } from './gate-log-event-messages';

const log = (over: Partial<GateLogDto>): GateLogDto => ({
  _id: '1',
  timestamp: '2026-03-01T12:00:00Z',
  callerType: 'user',
  userDetails: null,
  visitorDetails: null,
  qrCodeDetails: null,
  creatorDetails: null,
  deviceDetails: null,
  propertyDetails: null,
  status: 'success',
  reason: null,
  relayOperations: [],
  performanceMetrics: { totalDuration: 10 },
  ...over,
});

describe('relay operations in words', () => {
  it('says a pulse was sent, or why the relay failed', () => {
    expect(
      operationWords(log({ relayOperations: [{ command: 'GET /relay/0?turn=on&timer=5', success: true }] })),
    ).toEqual(['Pulse sent']);
    expect(
      operationWords(
        log({
          status: 'failed',
          reason: 'the relay did not answer within 5000 ms',
          relayOperations: [{ command: 'GET /relay/0?turn=on&timer=5', success: false }],
        }),
      ),
    ).toEqual(['Relay did not answer in 5 s']);
  });

  it('says a hold and its release in their own words, not as a pulse', () => {
    const latch = [{ command: 'GET /relay/0?turn=on', success: true }];
    expect(
      operationWords(
        log({ credential: 'hold', reason: 'Held open by Mona Manager until 10:30', relayOperations: latch }),
      ),
    ).toEqual(['Held open by Mona Manager until 10:30']);
    expect(
      operationWords(log({ credential: 'hold', reason: 'Released by Mona Manager', relayOperations: latch })),
    ).toEqual(['Released by Mona Manager']);
    expect(
      operationWords(log({ credential: 'schedule', reason: 'Released (schedule end)', relayOperations: latch })),
    ).toEqual(['Released (schedule end)']);
  });

  it('says when nothing was sent (a refused code or PIN)', () => {
    expect(operationWords(log({ status: 'failed', reason: 'QR code has expired' }))).toEqual(['No pulse sent']);
  });

  it('says when the relay is still being asked, or the server stopped before it answered', () => {
    expect(operationWords(log({ status: 'pending' }))).toEqual(['Waiting for the relay']);
    expect(operationWords(log({ status: 'unknown', reason: 'Outcome unknown: the server stopped' }))).toEqual([
      'Outcome unknown',
    ]);
  });

  it('turns the recorded relay failures into sentences', () => {
    expect(relayFailureWords('no connection to the relay within 2000 ms')).toBe('No connection to the relay in 2 s');
    expect(relayFailureWords('the relay answered HTTP 500')).toBe('Relay answered with an error (HTTP 500)');
    expect(relayFailureWords('the relay refused the credentials')).toBe('The relay refused the credentials');
  });

  it('keeps the socket error code out of the words', () => {
    expect(relayFailureWords('the relay could not be reached (ECONNRESET)')).toBe('The relay could not be reached');
  });
});

describe('the status sentence', () => {
  const failedPulse = [{ command: 'GET /relay/0?turn=on&timer=5', success: false }];
  it('says in a sentence why the gate did not open, without the technical detail', () => {
    expect(
      statusSentence(
        log({ status: 'failed', reason: 'the relay could not be reached (ECONNRESET)', relayOperations: failedPulse }),
      ),
    ).toBe('The gate did not open: the gate device could not be reached.');
    expect(
      statusSentence(
        log({ status: 'failed', reason: 'the relay did not answer within 5000 ms', relayOperations: failedPulse }),
      ),
    ).toBe('The gate did not open: the gate device did not answer in time.');
  });

  it('keeps a refusal as it was recorded, and says nothing for a success', () => {
    expect(statusSentence(log({ status: 'failed', reason: 'QR code has expired' }))).toBe('QR code has expired');
    expect(statusSentence(log({ status: 'success' }))).toBeNull();
  });
});
