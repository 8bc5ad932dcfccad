import type { RelayLogDto } from '@core/api/relay-logs';
import { describe, expect, it } from 'vitest';
import {
  notificationElsewhere,
  notificationGate,
  notificationMessage,
  notificationStatusColor,
} from './notification-message';

const base: RelayLogDto = {
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
  it('says who accessed which property, or who attempted to', () => {
    expect(notificationMessage(base)).toBe('User Access: Ada Lovelace accessed Oak Ridge');
    expect(notificationMessage({ ...base, status: 'failed', propertyDetails: null })).toBe(
      'User Access: Ada Lovelace attempted to access the gate',
    );
  });

  it('names a visitor by their QR code name', () => {
    const visitor: RelayLogDto = {
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
