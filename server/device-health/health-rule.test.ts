import { describe, expect, it } from 'vitest';
import { type DeviceHealthRow, deviceHealthOf, READER_OFFLINE_AFTER_MS } from './health-rule';

const now = new Date('2026-05-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const row = (values: Partial<DeviceHealthRow>): DeviceHealthRow => ({
  deviceId: 'd',
  readerSeenAt: null,
  relaySeenAt: null,
  relayFailingSince: null,
  offlineNoticeAt: null,
  relayProbedAt: null,
  ...values,
});

describe('deviceHealthOf', () => {
  it('is unknown with nothing heard', () => {
    expect(deviceHealthOf(null, now)).toEqual({ online: null, lastSeenAt: null, offline: null });
    expect(deviceHealthOf(row({}), now)).toEqual({ online: null, lastSeenAt: null, offline: null });
  });

  it('is online up to 90 s after a heartbeat, offline since heartbeat + 90 s after that', () => {
    expect(deviceHealthOf(row({ readerSeenAt: ago(READER_OFFLINE_AFTER_MS) }), now).online).toBe(true);
    const silent = deviceHealthOf(row({ readerSeenAt: ago(5 * 60_000) }), now);
    expect(silent).toEqual({
      online: false,
      lastSeenAt: ago(5 * 60_000),
      offline: { since: ago(5 * 60_000 - READER_OFFLINE_AFTER_MS), cause: 'reader' },
    });
  });

  it('is online for a relay-only device whose last pulse was answered, whenever that was', () => {
    expect(deviceHealthOf(row({ relaySeenAt: ago(86_400_000) }), now)).toMatchObject({ online: true });
  });

  it('is offline while the relay fails, even with a live reader, and names what failed first', () => {
    const failing = row({ readerSeenAt: ago(1000), relaySeenAt: ago(60_000), relayFailingSince: ago(30_000) });
    expect(deviceHealthOf(failing, now)).toEqual({
      online: false,
      lastSeenAt: ago(1000),
      offline: { since: ago(30_000), cause: 'relay' },
    });
    const both = row({ readerSeenAt: ago(20 * 60_000), relayFailingSince: ago(5 * 60_000) });
    expect(deviceHealthOf(both, now).offline?.cause).toBe('reader');
  });
});
