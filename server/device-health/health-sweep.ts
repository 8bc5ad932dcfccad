import { sql } from 'drizzle-orm';
import { managersOfProperties } from '../accounts/property-managers';
import { devicePlacesOf } from '../device-records/device-places';
import type { Tx } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import type { PlatformDeps } from '../platform/deps';
import { emitEvent } from '../platform/events/domain-events';
import { queuePushNotice } from '../push/push-notices';
import { type DeviceHealthNotice, deviceHealthNoticeJob } from './health-notice-jobs';
import { type DeviceHealthRow, deviceHealthOf, OFFLINE_NOTICE_AFTER_MS, READER_OFFLINE_AFTER_MS } from './health-rule';

interface RawHealthRow {
  device_id: string;
  reader_seen_at: string | Date | null;
  relay_seen_at: string | Date | null;
  relay_failing_since: string | Date | null;
  offline_notice_at: string | Date | null;
  relay_probed_at: string | Date | null;
}

const iso = (date: Date) => date.toISOString();
const dateOf = (value: string | Date | null) => (value === null ? null : new Date(value));
const toHealthRow = (raw: RawHealthRow): DeviceHealthRow => ({
  deviceId: raw.device_id,
  readerSeenAt: dateOf(raw.reader_seen_at),
  relaySeenAt: dateOf(raw.relay_seen_at),
  relayFailingSince: dateOf(raw.relay_failing_since),
  offlineNoticeAt: dateOf(raw.offline_notice_at),
  relayProbedAt: dateOf(raw.relay_probed_at),
});

/**
 * Claims the devices whose managers are now due an email, in the transaction that queues them:
 * offline for OFFLINE_NOTICE_AFTER_MS with no offline email yet, or back online after one. The
 * rule is health-rule.ts's, in SQL. Each claim flips offline_notice_at, so a second process
 * sweeping at the same time waits on the row lock, re-checks, and finds nothing to claim.
 */
async function claimTransitions(tx: Tx, now: Date) {
  const readerSilentBefore = new Date(now.getTime() - READER_OFFLINE_AFTER_MS);
  const noticeDueBefore = new Date(now.getTime() - OFFLINE_NOTICE_AFTER_MS);
  const wentOffline = rowsOf<RawHealthRow>(
    await tx.execute(sql`
      update device_health set offline_notice_at = ${iso(now)}::timestamptz
      where offline_notice_at is null
        and (reader_seen_at < ${iso(new Date(readerSilentBefore.getTime() - OFFLINE_NOTICE_AFTER_MS))}::timestamptz
          or relay_failing_since <= ${iso(noticeDueBefore)}::timestamptz)
      returning *`),
  ).map(toHealthRow);
  const cameBack = rowsOf<RawHealthRow>(
    await tx.execute(sql`
      update device_health set offline_notice_at = null
      where offline_notice_at is not null and relay_failing_since is null
        and (reader_seen_at is null or reader_seen_at >= ${iso(readerSilentBefore)}::timestamptz)
      returning *`),
  ).map(toHealthRow);
  return { wentOffline, cameBack };
}

type Place = Awaited<ReturnType<typeof devicePlacesOf>>[number];

/** `device.offline` / `device.online` for each transition, in the transaction that claims it. */
async function emitHealthEvents(
  deps: Pick<PlatformDeps, 'jobs'>,
  tx: Tx,
  notices: Omit<DeviceHealthNotice, 'managerId'>[],
  places: Place[],
) {
  for (const notice of notices) {
    const place = places.find((row) => row.id === notice.deviceId);
    if (!place) continue;
    await emitEvent(deps.jobs, tx, {
      propertyId: place.propertyId,
      type: notice.change === 'offline' ? 'device.offline' : 'device.online',
      at: new Date(notice.at),
      data: { gateId: place.id, gateName: place.name, cause: notice.cause },
    });
  }
}

/** One email job per manager of each device's property, and the property events. */
async function queueNotices(
  deps: Pick<PlatformDeps, 'config' | 'db' | 'log' | 'jobs'>,
  tx: Tx,
  notices: Omit<DeviceHealthNotice, 'managerId'>[],
) {
  if (!notices.length) return;
  const places = await devicePlacesOf(
    tx,
    notices.map((notice) => notice.deviceId),
  );
  const propertyIds = [...new Set(places.map((place) => place.propertyId))];
  const managersThere = propertyIds.length ? await managersOfProperties(tx, propertyIds) : [];
  const managers = places.flatMap((place) =>
    managersThere
      .filter((manager) => manager.propertyId === place.propertyId)
      .map((manager) => ({ managerId: manager.id, deviceId: place.id })),
  );
  const jobs = managers.flatMap(({ managerId, deviceId }) =>
    notices.filter((notice) => notice.deviceId === deviceId).map((notice) => ({ ...notice, managerId })),
  );
  await deps.jobs.enqueueMany(tx, deviceHealthNoticeJob, jobs);
  await emitHealthEvents(deps, tx, notices, places);
  for (const notice of notices) {
    const managerIds = managers.filter((row) => row.deviceId === notice.deviceId).map((row) => row.managerId);
    const event = notice.change === 'offline' ? 'device-offline' : 'device-online';
    await queuePushNotice(deps, tx, managerIds, { event, deviceId: notice.deviceId });
  }
}

/**
 * Sends the offline and back-online emails now due. Any process may run it at any time: each
 * transition is claimed once (claimTransitions), and its emails are queued in the same transaction.
 * Answers the transitions this call claimed.
 */
export async function sweepDeviceHealth(
  deps: Pick<PlatformDeps, 'config' | 'db' | 'log' | 'jobs'>,
): Promise<Omit<DeviceHealthNotice, 'managerId'>[]> {
  const now = deps.config.now();
  const queued = await deps.db.transaction(async (tx) => {
    const { wentOffline, cameBack } = await claimTransitions(tx, now);
    const notices = [
      ...wentOffline.map((row) => {
        const offline = deviceHealthOf(row, now).offline;
        return {
          deviceId: row.deviceId,
          change: 'offline' as const,
          at: iso(offline?.since ?? now),
          cause: offline?.cause ?? null,
        };
      }),
      ...cameBack.map((row) => ({
        deviceId: row.deviceId,
        change: 'online' as const,
        at: iso(deviceHealthOf(row, now).lastSeenAt ?? now),
        cause: null,
      })),
    ];
    await queueNotices(deps, tx, notices);
    return notices;
  });
  if (queued.length) void deps.jobs.kick();
  return queued;
}

/**
 * Every `intervalMs` until stopped (the answer stops it): `probeRelays` (devices/relay-probe, given
 * by the wiring) asks the HTTP relays due one, then the emails now due are sent, and `cameBack`
 * (hold-open, given by the wiring) hears which devices are back online.
 */
export function startDeviceHealthSweeper(
  deps: Pick<PlatformDeps, 'config' | 'db' | 'log' | 'jobs'>,
  intervalMs: number,
  probeRelays: () => Promise<unknown>,
  cameBack: (deviceIds: string[]) => Promise<unknown> = async () => undefined,
) {
  const timer = setInterval(() => {
    probeRelays()
      .then(() => sweepDeviceHealth(deps))
      .then((notices) => cameBack(notices.filter((n) => n.change === 'online').map((n) => n.deviceId)))
      .catch((error) => deps.log.warn({ err: error }, 'device health sweep failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
