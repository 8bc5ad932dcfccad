import { isMqttDriver } from '@core/api/devices';
import { sql } from 'drizzle-orm';
import { recordRelayResult } from '../device-health/seen-writes';
import { devicesAmong, httpRelaysStamped } from '../device-records/device-store';
import { rowsOf } from '../platform/db/rows';
import type { PlatformDeps } from '../platform/deps';
import { RELAY_DRIVER_BY_NAME } from '../platform/relays/drivers';
import { relaySender } from '../platform/relays/relay-http';
import { httpRelayTarget } from './relay-target';

/** Each HTTP relay's status is asked once a minute, by one process. */
export const RELAY_PROBE_EVERY_MS = 60_000;
/** A probe is a cheap read: a relay that has not answered in 3 s is not answering. */
const PROBE_TIMEOUTS = { connectMs: 2000, totalMs: 3000 };

const PROBED_DRIVERS = Object.values(RELAY_DRIVER_BY_NAME)
  .filter((driver) => driver.probe)
  .map((driver) => driver.name);

/**
 * Claims the HTTP relays due a probe: one statement stamps relay_probed_at on every device whose
 * last probe is a minute old, and answers only the ones it stamped; the conflict clause re-checks
 * under the row lock, so two processes sweeping together never probe one device twice.
 */
async function claimDueProbes(deps: Pick<PlatformDeps, 'config' | 'db' | 'log'>, now: Date) {
  const dueBefore = new Date(now.getTime() - RELAY_PROBE_EVERY_MS).toISOString();
  const claimed = rowsOf<{ device_id: string }>(
    await deps.db.execute(sql`
      insert into device_health (device_id, relay_probed_at)
      ${httpRelaysStamped(PROBED_DRIVERS, sql`${now.toISOString()}::timestamptz`)}
      on conflict (device_id) do update set relay_probed_at = excluded.relay_probed_at
      where device_health.relay_probed_at is null or device_health.relay_probed_at <= ${dueBefore}::timestamptz
      returning device_id`),
  );
  if (!claimed.length) return [];
  return devicesAmong(
    deps.db,
    claimed.map((row) => row.device_id),
  );
}

/**
 * Asks every HTTP relay due a probe for its status (Shelly `/shelly`, Tasmota `Status 0`) and
 * records the answer as device health records a pulse's: answered is seen, no answer is failing.
 * Answers how many relays were probed. Never throws for one relay.
 */
export async function probeDueRelays(deps: Pick<PlatformDeps, 'config' | 'db' | 'log'>): Promise<number> {
  const due = await claimDueProbes(deps, deps.config.now());
  await inTurns(due, PROBES_AT_ONCE, async (device) => {
    const driver = isMqttDriver(device.driver) ? null : RELAY_DRIVER_BY_NAME[device.driver];
    if (!driver?.probe) return;
    const target = httpRelayTarget(deps, device);
    const send = relaySender(target, { timeouts: PROBE_TIMEOUTS, allowLocal: deps.config.allowLocalDevices });
    const outcome = await driver.probe(target, send);
    await recordRelayResult(deps, device.id, outcome.operations);
  });
  return due.length;
}

/**
 * Probes in flight at once. All at once, 9,000 relays (1,000 properties) held 9,000 sockets and
 * 60 MB more memory for the sweep (bench/many-properties.bench.ts); 200 at a time still probe a
 * tenth of them dead (3 s each) in under 15 s of the minute.
 */
const PROBES_AT_ONCE = 200;

async function inTurns<T>(items: T[], atOnce: number, each: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await each(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}
