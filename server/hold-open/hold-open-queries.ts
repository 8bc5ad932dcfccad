import { eq } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { gateHolds } from './hold-open-tables';
import { type HoldDeps, loadHolds } from './hold-reconcile';

export type HoldChange = Partial<typeof gateHolds.$inferInsert>;

/** The gate's hold row, created on first use with the device's property. */
export async function ensureHoldRow(db: Queryable, device: { id: string; propertyId: string }) {
  await db.insert(gateHolds).values({ deviceId: device.id, propertyId: device.propertyId }).onConflictDoNothing();
}

/** One gate's hold with its device, property and lockdown, if it has a hold row. */
export async function loadHoldOf(deps: Pick<HoldDeps, 'db'>, now: Date, deviceId: string) {
  const [row] = await loadHolds(deps, now, eq(gateHolds.deviceId, deviceId));
  return row;
}

/** The gate's stored hold: what a change is recorded against. */
export async function storedHold(db: Queryable, deviceId: string) {
  const [row] = await db
    .select({ schedule: gateHolds.schedule, manualState: gateHolds.manualState, manualUntil: gateHolds.manualUntil })
    .from(gateHolds)
    .where(eq(gateHolds.deviceId, deviceId));
  return row;
}

export async function writeHold(db: Queryable, deviceId: string, set: HoldChange) {
  await db.update(gateHolds).set(set).where(eq(gateHolds.deviceId, deviceId));
}

/** A hold-open keeps the words "Held open by …" of the manager who held it: on their erasure they become the label. */
export async function renameHoldsBy(db: Queryable, userId: string, label: string) {
  await db.update(gateHolds).set({ manualByName: label }).where(eq(gateHolds.manualBy, userId));
}
