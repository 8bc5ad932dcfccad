import { and, eq, inArray, isNull, type SQLWrapper } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { gateHolds } from './hold-tables';

/** A gate's stored hold, as the table holds it. */
export type HoldRow = typeof gateHolds.$inferSelect;
export type HoldChange = Partial<typeof gateHolds.$inferInsert>;

/** The gate's hold row, created on first use with the device's property. */
export async function ensureHoldRow(db: Queryable, device: { id: string; propertyId: string }) {
  await db.insert(gateHolds).values({ deviceId: device.id, propertyId: device.propertyId }).onConflictDoNothing();
}

/** The gate's stored hold: what a change is recorded against. */
export async function storedHold(db: Queryable, deviceId: string) {
  const [row] = await db
    .select({ schedule: gateHolds.schedule, manualState: gateHolds.manualState, manualUntil: gateHolds.manualUntil })
    .from(gateHolds)
    .where(eq(gateHolds.deviceId, deviceId));
  return row;
}

/** The stored holds of these gates, by device id (a gate never held is absent). */
export async function holdsOfDevices(db: Queryable, deviceIds: string[]) {
  if (!deviceIds.length) return new Map<string, HoldRow>();
  const rows = await db.select().from(gateHolds).where(inArray(gateHolds.deviceId, deviceIds));
  return new Map(rows.map((row) => [row.deviceId, row]));
}

export async function writeHold(db: Queryable, deviceId: string, set: HoldChange) {
  await db.update(gateHolds).set(set).where(eq(gateHolds.deviceId, deviceId));
}

/** A hold-open keeps the words "Held open by …" of the manager who held it: on their erasure they become the label. */
export async function renameHoldsBy(db: Queryable, userId: string, label: string) {
  await db.update(gateHolds).set({ manualByName: label }).where(eq(gateHolds.manualBy, userId));
}

/** Ends the managers' holds (not schedules or releases) of these gates: a list, or a subquery run in the same statement. */
export async function endManualHoldsOn(db: Queryable, deviceIds: string[] | SQLWrapper) {
  await db
    .update(gateHolds)
    .set({ manualState: null, manualUntil: null, manualBy: null })
    .where(and(eq(gateHolds.manualState, 'hold'), inArray(gateHolds.deviceId, deviceIds)));
}

/** These gates' relays are told their state again at the next sweep. */
export async function markHoldsToReassert(db: Queryable, deviceIds: string[]) {
  await db.update(gateHolds).set({ needsAssert: true }).where(inArray(gateHolds.deviceId, deviceIds));
}

/**
 * Forgets a manager's override that ended, unless it was replaced meanwhile: only while the row
 * still has the state and end that were read.
 */
export async function dropManualOverride(
  db: Queryable,
  deviceId: string,
  read: { manualState: 'hold' | 'release'; manualUntil: Date | null },
) {
  await db
    .update(gateHolds)
    .set({ manualState: null, manualUntil: null, manualBy: null })
    .where(
      and(
        eq(gateHolds.deviceId, deviceId),
        eq(gateHolds.manualState, read.manualState),
        read.manualUntil ? eq(gateHolds.manualUntil, read.manualUntil) : isNull(gateHolds.manualUntil),
      ),
    );
}
