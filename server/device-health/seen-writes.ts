import { sql } from 'drizzle-orm';
import type { Orm } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import type { PlatformDeps } from '../platform/deps';
import type { RelayOperation } from '../platform/relays/relay-operation';
import { SEEN_WRITE_EVERY_MS } from './health-rule';

const iso = (date: Date) => date.toISOString();

/**
 * Records a reader's heartbeat and answers the id of the device whose key it is (none: the key
 * is unknown or rotated). One statement: the key lookup, and the write only when the recorded
 * heartbeat is older than SEEN_WRITE_EVERY_MS, so a heartbeat that came soon after another writes
 * nothing. The conflict clause re-checks the age, so two processes never both write one window.
 */
export async function recordHeartbeat(db: Orm, keyHash: string, now: Date): Promise<string | null> {
  const writtenBefore = new Date(now.getTime() - SEEN_WRITE_EVERY_MS);
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with device as (select id from devices where device_key_hash = ${keyHash}),
      due as (
        select device.id from device left join device_health health on health.device_id = device.id
        where health.reader_seen_at is null or health.reader_seen_at <= ${iso(writtenBefore)}::timestamptz
      ),
      written as (
        insert into device_health (device_id, reader_seen_at) select id, ${iso(now)}::timestamptz from due
        on conflict (device_id) do update set reader_seen_at = excluded.reader_seen_at
        where device_health.reader_seen_at is null
          or device_health.reader_seen_at <= ${iso(writtenBefore)}::timestamptz
        returning device_id
      )
      select id from device`),
  );
  return rows[0]?.id ?? null;
}

/**
 * Records what a relay did with a pulse: answered (success or partial: it was reached) or failed.
 * A pulse with no operations (one whose outcome was lost) says nothing about the relay. Written
 * only on a change, or when the last answered pulse is older than SEEN_WRITE_EVERY_MS. Never
 * throws: the gate's answer does not depend on this bookkeeping.
 */
export async function recordRelayResult(
  deps: Pick<PlatformDeps, 'config' | 'db' | 'log'>,
  deviceId: string,
  operations: RelayOperation[],
) {
  if (!operations.length) return;
  const now = deps.config.now();
  const writtenBefore = new Date(now.getTime() - SEEN_WRITE_EVERY_MS);
  // Answered: some operation succeeded (a pulse status other than failed).
  const answered = operations.some((operation) => operation.success);
  const statement = answered
    ? sql`
      insert into device_health (device_id, relay_seen_at) values (${deviceId}, ${iso(now)}::timestamptz)
      on conflict (device_id) do update set relay_seen_at = excluded.relay_seen_at, relay_failing_since = null
      where device_health.relay_failing_since is not null or device_health.relay_seen_at is null
        or device_health.relay_seen_at <= ${iso(writtenBefore)}::timestamptz`
    : sql`
      insert into device_health (device_id, relay_failing_since) values (${deviceId}, ${iso(now)}::timestamptz)
      on conflict (device_id) do update set relay_failing_since = excluded.relay_failing_since
      where device_health.relay_failing_since is null`;
  await deps.db.execute(statement).catch((error: unknown) => {
    // A device deleted while its pulse ran has no row to write.
    deps.log.warn({ err: error, deviceId }, 'could not record the relay result');
  });
}
