import { expectedHold } from '@core/rules/hold-open';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import { holdRows } from '../device-records/hold-rows';
import { markHoldsToReassert } from '../device-records/hold-store';
import { factsOf, type HoldDeps, loadHolds, needsWork, reconcileHold } from './hold-reconcile';

/** How often each process looks for hold-open changes due: a range's start or end is late by this at most. */
export const HOLD_SWEEP_MS = 10_000;

/** The rows that may need the relay told something: any schedule, override, latched relay or failed command. */
const LIVE = or(
  isNotNull(holdRows.schedule),
  isNotNull(holdRows.manualState),
  eq(holdRows.assertedOn, true),
  eq(holdRows.needsAssert, true),
);

/**
 * Drives every gate (of one property, when given) whose relay is not in its expected state now.
 * The facts are read once for all; only the gates with something to do take their lease and
 * read them again (reconcileHold), so any number of processes may sweep at once.
 */
export async function sweepHolds(deps: HoldDeps, propertyId?: string): Promise<number> {
  const now = deps.now();
  const rows = await loadHolds(deps, now, propertyId ? and(LIVE, eq(holdRows.propertyId, propertyId)) : LIVE);
  const due = rows.filter((row) => needsWork(row, expectedHold(factsOf(row), now)));
  let driven = 0;
  for (const row of due) {
    const result = await reconcileHold(deps, row.device.id);
    if (result.driven) driven++;
  }
  return driven;
}

/**
 * Re-evaluates and drives one property's gates now: for a lockdown's start and end (the lockdown
 * code's onLockdownChange hook), so a held gate is released at once, not at the next sweep.
 */
export function reassertHolds(deps: HoldDeps, propertyId: string): Promise<number> {
  return sweepHolds(deps, propertyId);
}

/** Devices that came back online (device health) are told their state again at the next sweep. */
export async function reassertAfterOutage(deps: Pick<HoldDeps, 'db'>, deviceIds: string[]) {
  if (!deviceIds.length) return;
  await markHoldsToReassert(deps.db, deviceIds);
}

/** Sweeps every HOLD_SWEEP_MS until stopped (the answer stops it). */
export function startHoldSweeper(deps: HoldDeps, intervalMs = HOLD_SWEEP_MS) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepHolds(deps)
      .catch((error) => deps.log.error({ err: error }, 'hold-open sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
