import type { deviceHealth } from './device-health-tables';

export type DeviceHealthRow = typeof deviceHealth.$inferSelect;

/** The reader page sends a heartbeat this often. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** A reader silent this long (three missed heartbeats) is offline. */
export const READER_OFFLINE_AFTER_MS = 3 * HEARTBEAT_INTERVAL_MS;
/** A heartbeat or answered pulse newer than this is not written again: one write per device per window. */
export const SEEN_WRITE_EVERY_MS = 20_000;
/** Managers are told once a device has been offline this long, and again once it is back. */
export const OFFLINE_NOTICE_AFTER_MS = 10 * 60_000;

export type OfflineCause = 'reader' | 'relay';

export interface DeviceHealth {
  /** null: nothing was ever heard from the device. */
  online: boolean | null;
  lastSeenAt: Date | null;
  /** When it went offline, and which part went first; null while online or unknown. */
  offline: { since: Date; cause: OfflineCause } | null;
}

const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * The rule of docs/decisions/0034-device-health.md: a device is offline when its reader has sent
 * no heartbeat for 90 s (after having sent one) or its relay failed its last pulse; online when
 * neither holds and something was heard from it; unknown when nothing ever was.
 * health-sweep.ts states the same rule in SQL.
 */
export function deviceHealthOf(row: DeviceHealthRow | null, now: Date): DeviceHealth {
  if (!row) return { online: null, lastSeenAt: null, offline: null };
  const lastSeenAt = latest(row.readerSeenAt, row.relaySeenAt);
  const readerSilentSince =
    row.readerSeenAt && now.getTime() - row.readerSeenAt.getTime() > READER_OFFLINE_AFTER_MS
      ? new Date(row.readerSeenAt.getTime() + READER_OFFLINE_AFTER_MS)
      : null;
  const causes = [
    readerSilentSince && { since: readerSilentSince, cause: 'reader' as const },
    row.relayFailingSince && { since: row.relayFailingSince, cause: 'relay' as const },
  ].filter((cause) => cause !== null);
  if (causes.length) {
    const first = causes.reduce((a, b) => (a.since <= b.since ? a : b));
    return { online: false, lastSeenAt, offline: first };
  }
  return { online: lastSeenAt ? true : null, lastSeenAt, offline: null };
}

/** The health fields of a device in the API's lists. */
export function healthFieldsOf(row: DeviceHealthRow | null, now: Date) {
  const { online, lastSeenAt, offline } = deviceHealthOf(row, now);
  return {
    online,
    lastSeenAt: lastSeenAt?.toISOString() ?? null,
    offline: offline && { cause: offline.cause, since: offline.since.toISOString() },
  };
}
