import crypto from 'node:crypto';
import { type ExpectedHold, expectedHold, type HoldFacts, holdChangeWords } from '@core/rules/hold-open';
import { eq, type SQL, sql } from 'drizzle-orm';
import { deviceRowColumns, deviceRows } from '../device-records/device-rows';
import { claimHoldLease, type HoldLease, recordAsserted, releaseHoldLease } from '../device-records/hold-lease';
import { holdRowColumns, holdRows } from '../device-records/hold-rows';
import { dropManualOverride } from '../device-records/hold-store';
import { writeGateLogIn } from '../gate-log/gate-log-sink';
import type { GateDeps } from '../gates/gate-decision';
import { pulseLeaseMs, statusOf } from '../gates/relay-pulse';
import type { Tx } from '../platform/db/connect';
import { emitEvent } from '../platform/events/domain-events';
import { propertyRows as properties, propertyRowColumns } from '../property-records/property-rows';
import { lockdownCovers } from '../property-rules/lockdown-cover';
import { latchRelay } from './latch-relay';

/** What driving a gate's hold needs: the gate decision's relay dependencies (gateDependencies). */
export type HoldDeps = Pick<
  GateDeps,
  'db' | 'jobs' | 'now' | 'log' | 'timeouts' | 'allowLocal' | 'mqtt' | 'httpTarget' | 'recordRelayResult'
>;

/** A manager's action, for the gate log: who, and that it is logged even when the relay was already so. */
export interface HoldActor {
  userId: string;
  details: { firstName: string; lastName: string; email: string };
}

/**
 * A pulse since the relay was last latched on: its timer switched the held relay off (a Shelly's
 * `timer` and a Tasmota Backlog's `Off` do), so it must be latched again. device_pulses keeps a
 * device's last pulse at least a minute, longer than a sweep's interval.
 */
const pulsedSinceAsserted = sql<boolean>`exists (
  select 1 from device_pulses p
  where p.device_id = ${holdRowColumns.deviceId} and p.started_at >= ${holdRowColumns.assertedAt})`;

/** Every hold row matching `where`, with its device, property and lockdown: one query. */
export async function loadHolds(deps: Pick<HoldDeps, 'db'>, now: Date, where: SQL | undefined) {
  return deps.db
    .select({
      hold: holdRowColumns,
      device: deviceRowColumns,
      property: propertyRowColumns,
      lockdown: lockdownCovers(
        sql`${deviceRows.propertyId}`,
        sql`${deviceRows.id}`,
        sql`${now.toISOString()}::timestamptz`,
      ),
      pulsed: pulsedSinceAsserted,
    })
    .from(holdRows)
    .innerJoin(deviceRows, eq(deviceRows.id, holdRows.deviceId))
    .innerJoin(properties, eq(properties.id, deviceRows.propertyId))
    .where(where);
}
type LoadedHold = Awaited<ReturnType<typeof loadHolds>>[number];

export function factsOf(row: LoadedHold): HoldFacts {
  return {
    schedule: row.hold.schedule,
    manualState: row.hold.manualState,
    manualUntil: row.hold.manualUntil,
    manualByName: row.hold.manualByName,
    lockdown: Boolean(row.lockdown),
    assertedCause: row.hold.assertedCause,
    timeZone: row.property.timeZone,
  };
}

/** Whether the relay must be told its state again though it did not change: a failed command, an outage, a pulse. */
const mustReassert = (row: LoadedHold) => row.hold.needsAssert || (row.hold.assertedOn && Boolean(row.pulsed));

/** Whether a sweep has anything to do for this row: drive the relay, or drop a manual override that ended. */
export function needsWork(row: LoadedHold, expected: ExpectedHold): boolean {
  return (
    expected.on !== row.hold.assertedOn ||
    mustReassert(row) ||
    (row.hold.manualState !== null && !expected.manualInForce)
  );
}

const POLL_MS = 50;

/**
 * Brings one gate's relay to its expected state. One process at a time per device: it takes the
 * row's lease (as a pulse takes device_pulses'), reads the facts after taking it, drives the relay
 * only when the expected state differs from what was last asserted (or must be told again), logs
 * each change once, and gives the lease back. With `actor` (a manager's hold or release) it waits
 * for a lease another process holds, and logs the action even if the relay was already so.
 */
export async function reconcileHold(
  deps: HoldDeps,
  deviceId: string,
  actor?: HoldActor,
): Promise<{ driven: boolean; on: boolean | null; error?: string }> {
  const leaseMs = pulseLeaseMs(deps.timeouts);
  const deadline = performance.now() + (actor ? leaseMs + 1000 : 0);
  for (;;) {
    const lease = await claimLease(deps, deviceId, leaseMs);
    if (lease) return driveUnderLease(deps, lease, actor);
    if (performance.now() >= deadline) return { driven: false, on: null };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function claimLease(deps: HoldDeps, deviceId: string, leaseMs: number): Promise<HoldLease | null> {
  const now = deps.now();
  const lease = { deviceId, leaseId: crypto.randomUUID() };
  const claimed = await claimHoldLease(deps.db, lease, now, new Date(now.getTime() + leaseMs));
  return claimed ? lease : null;
}

async function driveUnderLease(deps: HoldDeps, lease: HoldLease, actor?: HoldActor) {
  const now = deps.now();
  const { deviceId } = lease;
  try {
    const [row] = await loadHolds(deps, now, eq(holdRows.deviceId, deviceId));
    if (!row) return { driven: false, on: null };
    const facts = factsOf(row);
    const expected = expectedHold(facts, now);
    await dropEndedOverride(deps, row, expected);
    const change = expected.on !== row.hold.assertedOn;
    if (!change && !mustReassert(row) && !actor) return { driven: false, on: expected.on };
    const outcome = await latchRelay(deps, row.device, expected.on ? 'on' : 'off');
    await deps.recordRelayResult(deviceId, outcome.operations);
    // A manager's release is worded as theirs, whatever else would have ended the hold.
    const worded: ExpectedHold =
      actor && !expected.on && expected.cause !== 'lockdown' ? { ...expected, cause: 'manual' } : expected;
    await deps.db.transaction(async (tx) => {
      if (change || actor) await logChange(tx, row, { expected: worded, facts, outcome, actor, at: now });
      if (change) await emitHoldEvent(deps, tx, row, { expected: worded, facts, outcome, actor, at: now });
      await recordAsserted(tx, lease, {
        assertedOn: expected.on,
        assertedCause: expected.on ? expected.cause : null,
        assertedAt: now,
        needsAssert: Boolean(outcome.error),
      });
    });
    return { driven: true, on: expected.on, error: outcome.error };
  } finally {
    await releaseHoldLease(deps.db, lease).catch((error) =>
      deps.log.error({ err: error, deviceId }, 'hold lease not given back'),
    );
  }
}

/** A manager's hold past its end, or a release once the schedule closed, is forgotten (unless replaced meanwhile). */
async function dropEndedOverride(deps: HoldDeps, row: LoadedHold, expected: ExpectedHold) {
  const { manualState, manualUntil } = row.hold;
  if (manualState === null || expected.manualInForce) return;
  await dropManualOverride(deps.db, row.device.id, { manualState, manualUntil });
}

interface HoldChange {
  expected: ExpectedHold;
  facts: HoldFacts;
  outcome: Awaited<ReturnType<typeof latchRelay>>;
  actor?: HoldActor;
  at: Date;
}

/**
 * `hold.started` or `hold.ended` when the relay's expected state changed (not when a manager only
 * repeated it), in the transaction that records the change (docs/decisions/0100).
 */
async function emitHoldEvent(deps: Pick<HoldDeps, 'jobs'>, tx: Tx, row: LoadedHold, change: HoldChange) {
  const { expected, facts, outcome, actor, at } = change;
  await emitEvent(deps.jobs, tx, {
    propertyId: row.device.propertyId,
    type: expected.on ? 'hold.started' : 'hold.ended',
    at,
    data: {
      gateId: row.device.id,
      gateName: row.device.deviceName,
      cause: expected.cause,
      until: expected.on && expected.cause === 'manual' ? (facts.manualUntil?.toISOString() ?? null) : null,
      userId: actor?.userId ?? null,
      reason: holdChangeWords(expected, facts),
      relayError: outcome.error ?? null,
    },
  });
}

async function logChange(tx: Tx, row: LoadedHold, change: HoldChange) {
  const { device, property } = row;
  const words = holdChangeWords(change.expected, change.facts);
  await writeGateLogIn(tx, {
    timestamp: change.at,
    callerType: 'user',
    credential: change.actor ? 'hold' : 'schedule',
    status: statusOf(change.outcome.operations),
    reason: change.outcome.error ? `${words}: ${change.outcome.error}` : words,
    propertyId: device.propertyId,
    deviceId: device.id,
    actorUserId: change.actor?.userId ?? null,
    userDetails: change.actor?.details ?? null,
    deviceDetails: { deviceName: device.deviceName, deviceType: device.deviceType },
    propertyDetails: { propertyName: property.propertyName, propertyLocation: property.propertyLocation },
    relayOperations: change.outcome.operations,
  });
}
