import crypto from 'node:crypto';
import { DEVICE_MESSAGES, isMqttDriver } from '@core/api/devices';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceRow } from '../device-records/device-row';
import type { Orm } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import type { GatehouseMetrics } from '../platform/metrics/metrics';
import type { MqttLink } from '../platform/mqtt/mqtt-link';
import { MQTT_RELAY_DRIVER_BY_NAME, RELAY_DRIVER_BY_NAME } from '../platform/relays/drivers';
import { failedCommand, type RelayOutcome, type RelayTarget } from '../platform/relays/relay-driver';
import { type RelayTimeouts, relaySender } from '../platform/relays/relay-http';
import type { RelayOperation } from '../platform/relays/relay-operation';

/**
 * One pulse per device: in this process (a press while one runs joins it, through the
 * `inFlight` map the caller owns, one per app) and across processes and for the pulse's hold
 * after it answered (pulseOncePerDevice, the device's holding row in device_pulses). Then the
 * pulse itself, through the device's driver.
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
  const options = { now: deps.now, leaseMs: pulseLeaseMs(deps.timeouts), holdMs: pulseHoldMs(device) };
  const pulse = pulseOncePerDevice(deps.db, device.id, options, () => pulseOnce(deps, device)).finally(() =>
    inFlight.delete(device.id),
  );
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
/**
 * How long a gate opener takes to settle after a pulse where the relay's own on-time is shorter: a
 * second pulse inside it can stop or reverse the gate (decision 0071).
 */
export const PULSE_SETTLE_MS = 2000;

/** How long after its answer a pulse keeps its device: presses until then join it. */
export const pulseHoldMs = (device: Pick<DeviceRow, 'pulseSeconds'>) =>
  Math.max(device.pulseSeconds * 1000, PULSE_SETTLE_MS);

/**
 * A pulse holds its device when the relay may have switched: it accepted the command, or it was
 * sent and no answer came. One never sent, or refused by the relay (wrong credentials, an error
 * answer), moved nothing, so the next press pulses at once.
 */
const mayHaveSwitched = (result: PulseResult) =>
  result.operations.some((operation) => operation.success) ||
  (!result.unsent && (result.failure === 'no-answer' || result.failure === 'outcome-unknown'));

const lostPulse = (): PulseResult => ({
  operations: [],
  error: 'the pulse this press joined did not report back; the gate may or may not have opened',
  failure: 'outcome-unknown',
  durationMs: 0,
});

interface PulseOptions {
  now: () => Date;
  leaseMs: number;
  holdMs: number;
}

interface HoldingPulse {
  id: string;
  outcome: PulseResult | string | null;
  started_at: Date | string;
  lease_until: Date | string;
  hold_until: Date | string | null;
}

const time = (value: Date | string) => new Date(value).getTime();

/**
 * An answered pulse a press at `at` joins: its hold is not over, and it did not start further
 * ahead than a hold (a clock set back, as tests do, must not keep a gate shut until it catches up;
 * processes whose clocks differ by less than a hold still join each other's pulses).
 */
const holdsAt = (holder: HoldingPulse, at: number, holdMs: number) =>
  holder.hold_until !== null && time(holder.hold_until) > at && time(holder.started_at) <= at + holdMs;

const outcomeOf = (outcome: PulseResult | string): PulseResult =>
  typeof outcome === 'string' ? JSON.parse(outcome) : outcome;

/**
 * One pulse per device across every process on the database, for the pulse's whole hold. The
 * first press claims the device's holding row (a partial unique index allows one) and pulses; a
 * press while it runs waits for that pulse's outcome, and a press after it answered but before its
 * hold ends takes that outcome at once: a second pulse could reverse a gate that is already
 * moving, however fast the relay answered. A claim whose lease ran out (its process died) or whose
 * hold is over is released and claimed anew; the joiners of a dead one are told the outcome is
 * unknown, never pulsed again.
 */
async function pulseOncePerDevice(
  db: Orm,
  deviceId: string,
  options: PulseOptions,
  pulse: () => Promise<PulseResult>,
): Promise<PressPulse> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const id = crypto.randomUUID();
    const now = options.now();
    const leaseUntil = new Date(now.getTime() + options.leaseMs);
    const claimed = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into device_pulses (id, device_id, lease_until, started_at)
        values (${id}, ${deviceId}, ${leaseUntil.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        on conflict (device_id) where holding do nothing
        returning id`),
    );
    if (claimed[0]?.id === id) return { ...(await lead(db, id, deviceId, options, pulse)), joined: false };
    const [holder] = rowsOf<HoldingPulse>(
      await db.execute(sql`
        select id, outcome, started_at, lease_until, hold_until
        from device_pulses where device_id = ${deviceId} and holding`),
    );
    // The holding pulse was released between the two statements: claim again.
    if (!holder) continue;
    const at = now.getTime();
    if (holder.outcome === null && time(holder.lease_until) >= at) {
      return { ...(await join(db, holder.id, options.leaseMs)), joined: true };
    }
    if (holder.outcome !== null && holdsAt(holder, at, options.holdMs)) {
      return { ...outcomeOf(holder.outcome), joined: true };
    }
    await release(db, holder.id, now, options.holdMs);
  }
  return { ...lostPulse(), joined: false };
}

/** Lets go of a pulse whose hold is over (holdsAt), or whose process died before its lease ran out. */
async function release(db: Orm, id: string, now: Date, holdMs: number) {
  const at = now.toISOString();
  const ahead = new Date(now.getTime() + holdMs).toISOString();
  await db.execute(sql`
    update device_pulses set holding = false
    where id = ${id} and holding
      and ((outcome is null and lease_until < ${at}::timestamptz)
        or (outcome is not null
          and (hold_until is null or hold_until <= ${at}::timestamptz or started_at > ${ahead}::timestamptz)))`);
}

async function lead(
  db: Orm,
  id: string,
  deviceId: string,
  options: PulseOptions,
  pulse: () => Promise<PulseResult>,
): Promise<PulseResult> {
  let result = lostPulse();
  try {
    result = await pulse();
    return result;
  } finally {
    const answeredAt = options.now().getTime();
    const holdUntil = new Date(answeredAt + (mayHaveSwitched(result) ? options.holdMs : 0)).toISOString();
    const keepSince = new Date(answeredAt - KEEP_FINISHED_MS).toISOString();
    // The relay has answered; if the database does not take the outcome, the lease runs out and
    // joiners are told the outcome is unknown. The leader still answers what the relay did.
    await db
      .execute(sql`
        update device_pulses set outcome = ${JSON.stringify(result)}::jsonb, hold_until = ${holdUntil}::timestamptz
        where id = ${id}`)
      .then(() =>
        db.execute(sql`
          delete from device_pulses
          where device_id = ${deviceId} and not holding and started_at < ${keepSince}::timestamptz`),
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
    if (row.outcome) return outcomeOf(row.outcome);
  }
  return lostPulse();
}
