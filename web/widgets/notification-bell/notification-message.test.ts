import type { GateLogDto } from '@core/api/gate-log';
import { describe, expect, it } from 'vitest';
import {
  notificationElsewhere,
  notificationGate,
  notificationMessage,
  notificationStatusColor,
} from './notification-message';

const base: GateLogDto = {
  _id: '1',
  timestamp: '2026-03-01T12:00:00Z',
  callerType: 'user',
  userDetails: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  visitorDetails: null,
  qrCodeDetails: null,
  creatorDetails: null,
  deviceDetails: null,
  propertyDetails: { propertyName: 'Oak Ridge', propertyLocation: '1 Oak Road' },
  status: 'success',
  reason: null,
  relayOperations: [],
  performanceMetrics: { totalDuration: 10 },
};

describe('notificationMessage', () => {
  it('says a lockdown, a hold and a release in their own words, not as someone accessing', () => {
    const lockdown = { ...base, status: 'notice' as const, reason: 'Lockdown started: Police request' };
    expect(notificationMessage(lockdown)).toBe('Lockdown started: Police request (by Ada Lovelace)');
    expect(notificationMessage({ ...lockdown, reason: 'Lockdown ended: Police request' })).toBe(
      'Lockdown ended: Police request (by Ada Lovelace)',
    );
    const hold = { ...base, credential: 'hold' as const, reason: 'Held open by Ada Lovelace until 10:30' };
    expect(notificationMessage(hold)).toBe('Held open by Ada Lovelace until 10:30');
    expect(notificationMessage({ ...hold, reason: 'Released by Ada Lovelace' })).toBe('Released by Ada Lovelace');
    expect(
      notificationMessage({ ...base, userDetails: null, credential: 'schedule', reason: 'Released (schedule end)' }),
    ).toBe('Released (schedule end)');
  });

  it('says who accessed which property, or who attempted to', () => {
    expect(notificationMessage(base)).toBe('User Access: Ada Lovelace accessed Oak Ridge');
    expect(notificationMessage({ ...base, status: 'failed', propertyDetails: null })).toBe(
      'User Access: Ada Lovelace attempted to access the gate',
    );
  });

  it('names a visitor by their QR code name', () => {
    const visitor: GateLogDto = {
      ...base,
      callerType: 'visitor',
      userDetails: null,
      visitorDetails: { firstName: 'Vera', lastName: 'Visitor', email: 'vera@example.com' },
      qrCodeDetails: { qrFirstName: 'Quentin', qrLastName: 'Guest' },
      status: 'partial',
    };
    expect(notificationMessage(visitor)).toBe('Visitor Access: Quentin Guest attempted to access Oak Ridge');
  });

  it('falls back when the event names nobody', () => {
    expect(notificationMessage({ ...base, userDetails: null })).toBe('Gate activity recorded');
  });

  it('colours SUCCESS green, FAILED red and anything else yellow', () => {
    expect(['success', 'failed', 'partial'].map(notificationStatusColor)).toEqual(['green', 'red', 'yellow']);
  });

  it('names the gate the event happened at', () => {
    expect(notificationGate({ ...base, deviceDetails: { deviceName: 'Back Gate', deviceType: 'gate' } })).toBe(
      'Gate: Back Gate',
    );
    expect(notificationGate(base)).toBeNull();
  });

  it("says plainly when the event was at another property than the viewer's", () => {
    const there = { ...base, propertyId: 'p2' };
    expect(notificationElsewhere(there, 'p1')).toBe('At Oak Ridge, not your property');
    expect(notificationElsewhere({ ...there, propertyDetails: null }, 'p1')).toBe(
      'At another property, not your property',
    );
    expect(notificationElsewhere({ ...base, propertyId: 'p1' }, 'p1')).toBeNull();
    expect(notificationElsewhere(base, 'p1')).toBeNull();
    expect(notificationElsewhere(there, null)).toBeNull();
  });
});
