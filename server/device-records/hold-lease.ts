import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import type { HoldChange } from './hold-store';
import { gateHolds } from './hold-tables';

/** One process's lease on a gate's hold row (docs/decisions/0047): the row and the lease's id. */
export interface HoldLease {
  deviceId: string;
  leaseId: string;
}

/** Takes the row's lease until `until` if no one holds it (or theirs ran out by `now`): whether this one got it. */
export async function claimHoldLease(db: Queryable, lease: HoldLease, now: Date, until: Date): Promise<boolean> {
  const claimed = await db
    .update(gateHolds)
    .set({ leaseId: lease.leaseId, leaseUntil: until })
    .where(and(eq(gateHolds.deviceId, lease.deviceId), or(isNull(gateHolds.leaseUntil), lt(gateHolds.leaseUntil, now))))
    .returning({ leaseId: gateHolds.leaseId });
  return claimed[0]?.leaseId === lease.leaseId;
}

const ownLease = (lease: HoldLease) =>
  and(eq(gateHolds.deviceId, lease.deviceId), eq(gateHolds.leaseId, lease.leaseId));

/** Records what the relay was told, only while the lease is still this one. */
export async function recordAsserted(
  db: Queryable,
  lease: HoldLease,
  asserted: Required<Pick<HoldChange, 'assertedOn' | 'assertedCause' | 'assertedAt' | 'needsAssert'>>,
) {
  await db.update(gateHolds).set(asserted).where(ownLease(lease));
}

/** Gives the lease back, if it is still this one. */
export async function releaseHoldLease(db: Queryable, lease: HoldLease) {
  await db.update(gateHolds).set({ leaseId: null, leaseUntil: null }).where(ownLease(lease));
}
