import { eq } from 'drizzle-orm';
import { holdRows } from '../device-records/hold-rows';
import { type HoldDeps, loadHolds } from './hold-reconcile';

/** One gate's hold with its device, property and lockdown, if it has a hold row. */
export async function loadHoldOf(deps: Pick<HoldDeps, 'db'>, now: Date, deviceId: string) {
  const [row] = await loadHolds(deps, now, eq(holdRows.deviceId, deviceId));
  return row;
}
