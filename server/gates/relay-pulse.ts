import crypto from 'node:crypto';
import { DEVICE_MESSAGES, isMqttDriver } from '@core/api/devices';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import type { DeviceRow, RelayOperation } from '../platform/db/schema';
import type { GatehouseMetrics } from '../platform/metrics/metrics';
import type { MqttLink } from '../platform/mqtt/mqtt-link';
import { MQTT_RELAY_DRIVER_BY_NAME, RELAY_DRIVER_BY_NAME } from '../platform/relays/drivers';
import { failedCommand, type RelayOutcome, type RelayTarget } from '../platform/relays/relay-driver';
import { type RelayTimeouts, relaySender } from '../platform/relays/relay-http';

/**
 * One pulse per device: in this process (a press while one runs joins it, through the
 * `inFlight` map the caller owns, one per app) and across processes (pulseOncePerDevice, a row
 * per device in device_pulses). Then the pulse itself, through the device's driver.
 */

/** What pulsing needs: plain values and functions, built once per app (gateDependencies in gate-decision.ts). */
export interface RelayDeps {
  db: Orm;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
  metrics: Pick<GatehouseMetrics, 'relayPulses'>;
  /** The relay's own timeouts; tests of slow and hanging relays pass shorter ones. */
  timeouts: RelayTimeouts;
  allowLocal: boolean;
  /** The MQTT connection, when a broker is configured. */
  mqtt: () => MqttLink | null;
  /** Where and how to reach a device's HTTP relay, credentials opened. */
  httpTarget: (device: DeviceRow) => RelayTarget;
  /** This process's pulses in flight, by device id. */
  inFlight: Map<string, Promise<PressPulse>>;
}

export interface PulseResult extends RelayOutcome {
  durationMs: number;
}

/** A press's view of the pulse: joined when it shared a pulse another press had started. */
export interface PressPulse extends PulseResult {
  joined: boolean;
}

/** success when every operation succeeded, failed when none did (or there were none), else partial. */
export function statusOf(operations: RelayOperation[]): 'success' | 'failed' | 'partial' {
  const succeeded = operations.filter((operation) => operation.success).length;
  if (operations.length > 0 && succeeded === operations.length) return 'success';
  return succeeded === 0 ? 'failed' : 'partial';
}

/** A pulse holds its device this long at most: the relay's own timeout and a margin. */
export const pulseLeaseMs = (timeouts: RelayTimeouts) => timeouts.totalMs + 2000;

/** Pulses a device's relay: at most one pulse per device is in flight, in this process and across processes. */
export function pulseRelay(deps: RelayDeps, device: DeviceRow): Promise<PressPulse> {
  const { inFlight } = deps;
  const running = inFlight.get(device.id);
  if (running) return running.then((shared) => ({ ...shared, joined: true }));
  const pulse = pulseOncePerDevice(deps.db, device.id, { now: deps.now, leaseMs: pulseLeaseMs(deps.timeouts) }, () =>
    pulseOnce(deps, device),
  ).finally(() => inFlight.delete(device.id));
  inFlight.set(device.id, pulse);
  return pulse;
}

async function pulseOnce(deps: RelayDeps, device: DeviceRow): Promise<PulseResult> {
  const started = performance.now();
  let outcome: RelayOutcome;
  try {
    outcome = await pulseThroughDriver(deps, device);
  } catch (error) {
    deps.log.error({ err: error, deviceId: device.id }, 'relay pulse failed unexpectedly');
    outcome = failedCommand(`${device.driver} pulse`, 'the relay driver failed', 'outcome-unknown');
  }
  deps.metrics.relayPulses.inc({ driver: device.driver, result: statusOf(outcome.operations) });
  return { ...outcome, durationMs: performance.now() - started };
}

function pulseThroughDriver(deps: RelayDeps, device: DeviceRow): Promise<RelayOutcome> {
  const { driver } = device;
  if (isMqttDriver(driver)) {
    const target = { topic: device.mqttTopic ?? '', channel: device.channel, pulseSeconds: device.pulseSeconds };
    const mqtt = deps.mqtt();
    if (!mqtt) return Promise.resolve(failedCommand(`${driver} pulse`, DEVICE_MESSAGES.mqttNotConfigured, 'no-broker'));
    return MQTT_RELAY_DRIVER_BY_NAME[driver].pulse(target, mqtt, deps.timeouts.totalMs);
  }
  const target = deps.httpTarget(device);
  const send = relaySender(target, { timeouts: deps.timeouts, allowLocal: deps.allowLocal });
  return RELAY_DRIVER_BY_NAME[driver].pulse(target, send);
}

const POLL_MS = 40;
/** Finished pulses are kept this long, so presses that joined one can read its outcome. */
const KEEP_FINISHED_MS = 60_000;

const lostPulse = (): PulseResult => ({
  operations: [],
  error: 'the pulse this press joined did not report back; the gate may or may not have opened',
  failure: 'outcome-unknown',
  durationMs: 0,
});

/**
 * One pulse in flight per device across every process on the database. The first press claims
 * the device's in-flight row (a partial unique index allows one) and pulses; a press while it
 * runs waits for that pulse's outcome and answers the same, because a second pulse could reverse
 * a gate that is already moving. A claim whose lease ran out (its process died) is taken over;
 * the joiners of the dead one are told the outcome is unknown, never pulsed again.
 */
async function pulseOncePerDevice(
  db: Orm,
  deviceId: string,
  options: { now: () => Date; leaseMs: number },
  pulse: () => Promise<PulseResult>,
): Promise<PressPulse> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = crypto.randomUUID();
    const now = options.now();
    const leaseUntil = new Date(now.getTime() + options.leaseMs);
    const claimed = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into device_pulses (id, device_id, lease_until, started_at)
        values (${id}, ${deviceId}, ${leaseUntil.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        on conflict (device_id) where outcome is null do update
          set id = excluded.id, lease_until = excluded.lease_until, started_at = excluded.started_at
          where device_pulses.lease_until < ${now.toISOString()}::timestamptz
        returning id`),
    );
    if (claimed[0]?.id === id) return { ...(await lead(db, id, deviceId, options, pulse)), joined: false };
    const [running] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from device_pulses where device_id = ${deviceId} and outcome is null`),
    );
    // The running pulse finished between the two statements: this press is a new one.
    if (running) return { ...(await join(db, running.id, options.leaseMs)), joined: true };
  }
  return { ...lostPulse(), joined: false };
}

async function lead(
  db: Orm,
  id: string,
  deviceId: string,
  options: { now: () => Date },
  pulse: () => Promise<PulseResult>,
): Promise<PulseResult> {
  let result = lostPulse();
  try {
    result = await pulse();
    return result;
  } finally {
    const keepSince = new Date(options.now().getTime() - KEEP_FINISHED_MS).toISOString();
    // The relay has answered; if the database does not take the outcome, the lease runs out and
    // joiners are told the outcome is unknown. The leader still answers what the relay did.
    await db
      .execute(sql`update device_pulses set outcome = ${JSON.stringify(result)}::jsonb where id = ${id}`)
      .then(() =>
        db.execute(sql`
          delete from device_pulses
          where device_id = ${deviceId} and outcome is not null and started_at < ${keepSince}::timestamptz`),
      )
      .catch(() => undefined);
  }
}

async function join(db: Orm, id: string, leaseMs: number): Promise<PulseResult> {
  const deadline = performance.now() + leaseMs + 1000;
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const [row] = rowsOf<{ outcome: PulseResult | string | null }>(
      await db.execute(sql`select outcome from device_pulses where id = ${id}`),
    );
    if (!row) return lostPulse();
    if (row.outcome) return typeof row.outcome === 'string' ? JSON.parse(row.outcome) : row.outcome;
  }
  return lostPulse();
}
