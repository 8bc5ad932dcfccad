import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { devices } from '../device-records/device-tables';
import { tz } from '../platform/db/columns';

/**
 * What the server last heard from each device (docs/decisions/0034-device-health.md): the reader's
 * heartbeat, the relay's last pulse, and whether the managers were told it went offline. One row
 * per device, written only when something changes or a heartbeat is older than a few seconds.
 */
export const deviceHealth = pgTable('device_health', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  /** The reader's last recorded heartbeat. */
  readerSeenAt: tz('reader_seen_at'),
  /** The last pulse the relay answered. */
  relaySeenAt: tz('relay_seen_at'),
  /** The first failed pulse since the relay last answered; null while its last pulse succeeded. */
  relayFailingSince: tz('relay_failing_since'),
  /** Set when the offline email was queued, cleared when the back-online one is: one of each per outage. */
  offlineNoticeAt: tz('offline_notice_at'),
  /** When a process last claimed this HTTP relay's status probe: one probe per device per minute. */
  relayProbedAt: tz('relay_probed_at'),
});
