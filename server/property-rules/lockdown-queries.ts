import type { LockdownDto } from '@core/api/lockdown';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { personNameColumn } from '../accounts/person-name-column';
import type { Queryable } from '../platform/db/connect';
import { lockdowns } from './property-rule-tables';

export type LockdownRow = typeof lockdowns.$inferSelect;

/** Not ended, and its end time (if any) not yet reached: the decision's own test (rule-facts.ts). */
export const inForceAt = (now: Date) =>
  and(isNull(lockdowns.endedAt), or(isNull(lockdowns.endsAt), gt(lockdowns.endsAt, now)));

/** A lockdown with the names of who started and ended it. */
async function lockdownsWhere(db: Queryable, where: ReturnType<typeof and>): Promise<LockdownDto[]> {
  const rows = await db
    .select({
      lockdown: lockdowns,
      starterName: personNameColumn(lockdowns.startedBy),
      enderName: personNameColumn(lockdowns.endedBy),
    })
    .from(lockdowns)
    .where(where);
  return rows.map(({ lockdown, starterName, enderName }) => ({
    _id: lockdown.id,
    propertyId: lockdown.propertyId,
    gateIds: lockdown.gateIds,
    reason: lockdown.reason,
    startedAt: lockdown.startedAt.toISOString(),
    startedBy: lockdown.startedBy ? { _id: lockdown.startedBy, name: starterName ?? '' } : null,
    endsAt: lockdown.endsAt?.toISOString() ?? null,
    endedAt: lockdown.endedAt?.toISOString() ?? null,
    endedBy: lockdown.endedBy ? { _id: lockdown.endedBy, name: enderName ?? '' } : null,
  }));
}

/** The property's lockdown in force now, or null. */
export async function activeLockdown(db: Queryable, propertyId: string, now: Date): Promise<LockdownDto | null> {
  const [found] = await lockdownsWhere(db, and(eq(lockdowns.propertyId, propertyId), inForceAt(now)));
  return found ?? null;
}

export async function lockdownById(db: Queryable, id: string): Promise<LockdownDto | null> {
  const [found] = await lockdownsWhere(db, eq(lockdowns.id, id));
  return found ?? null;
}
