import { LOCKDOWN_MESSAGES, type StartLockdownRequest } from '@core/api/lockdown';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { managersOf } from '../accounts/property-managers';
import type { Caller } from '../authorization/caller';
import { endManualHoldsOn } from '../device-records/hold-store';
import { devicesOfPropertyAmong, devicesOfPropertyQuery } from '../device-records/property-gates';
import type { Orm, Tx } from '../platform/db/connect';
import { isUniqueViolation } from '../platform/db/unique-violation';
import { badRequest, conflict } from '../platform/errors/http-error';
import { emitEvent } from '../platform/events/domain-events';
import type { JobQueue } from '../platform/jobs/job-queue';
import { queuePushNotice } from '../push/push-notices';
import { lockdownExpiryJob, lockdownNoticeJob } from './lockdown-job-kinds';
import { logLockdownChange } from './lockdown-log';
import { inForceAt, type LockdownRow } from './lockdown-queries';
import { lockdowns } from './property-rule-tables';

type Change = 'started' | 'ended';

/**
 * One email job per manager of the property, a push to their devices and the property event
 * (`lockdown.started` / `lockdown.ended`), in the transaction of the change.
 */
async function queueNotices(jobs: JobQueue, tx: Tx, lockdown: LockdownRow, change: Change) {
  await emitEvent(jobs, tx, {
    propertyId: lockdown.propertyId,
    type: change === 'started' ? 'lockdown.started' : 'lockdown.ended',
    at: (change === 'started' ? lockdown.startedAt : lockdown.endedAt) ?? lockdown.startedAt,
    data: {
      lockdownId: lockdown.id,
      reason: lockdown.reason,
      gateIds: lockdown.gateIds ?? null,
      endsAt: lockdown.endsAt?.toISOString() ?? null,
    },
  });
  const managers = await managersOf(tx, lockdown.propertyId);
  await jobs.enqueueMany(
    tx,
    lockdownNoticeJob,
    managers.map((manager) => ({ managerId: manager.id, lockdownId: lockdown.id, change })),
  );
  await queuePushNotice(
    { jobs },
    tx,
    managers.map((manager) => manager.id),
    { event: change === 'started' ? 'lockdown-started' : 'lockdown-ended', lockdownId: lockdown.id },
  );
}

/** Marks ended, logs and queues the end emails, when `where` still finds the lockdown not ended. */
async function endWhere(jobs: JobQueue, tx: Tx, where: ReturnType<typeof and>, byUserId: string | null, at: Date) {
  const ended = await tx
    .update(lockdowns)
    // An end nobody pressed happened at the end time, whenever the sweep noticed it.
    .set({ endedAt: byUserId ? at : sql`${lockdowns.endsAt}`, endedBy: byUserId })
    .where(and(where, isNull(lockdowns.endedAt)))
    .returning();
  for (const lockdown of ended) {
    await logLockdownChange(tx, lockdown, { kind: 'ended', byUserId, at: lockdown.endedAt ?? at });
    await queueNotices(jobs, tx, lockdown, 'ended');
  }
  return ended;
}

/**
 * Ends the property's lockdowns whose end time has passed. The conditional update is the claim:
 * whichever process (a route, the expiry job) gets there first logs and emails; any other finds
 * the row already ended and does nothing, so each end is logged and emailed exactly once.
 */
export function endExpiredLockdowns(jobs: JobQueue, tx: Tx, where: { propertyId?: string; id?: string }, now: Date) {
  return endWhere(
    jobs,
    tx,
    and(
      where.propertyId ? eq(lockdowns.propertyId, where.propertyId) : undefined,
      where.id ? eq(lockdowns.id, where.id) : undefined,
      lte(lockdowns.endsAt, now),
    ),
    null,
    now,
  );
}

async function refuseOtherPropertysGates(tx: Tx, propertyId: string, gateIds: string[] | undefined) {
  if (!gateIds) return;
  const unique = [...new Set(gateIds)];
  const found = await devicesOfPropertyAmong(tx, propertyId, unique);
  if (found.length !== unique.length) throw badRequest(LOCKDOWN_MESSAGES.notThisPropertysGate, 'gateIds');
}

/**
 * A lockdown ends every manager's hold on the gates it covers (docs/decisions/0067): when it
 * ends, those gates stay closed until someone holds them again. Schedules and releases stay.
 */
async function endManualHolds(tx: Tx, propertyId: string, gateIds: string[] | null) {
  await endManualHoldsOn(tx, devicesOfPropertyQuery(tx, propertyId, gateIds));
}

/**
 * Starts a lockdown: the row, its gate log row, the managers' emails and (with an end time) the job
 * that ends it, in one transaction. Once it commits, every process's next decision refuses: the
 * decision reads the lockdowns table on every attempt (rule-facts.ts). A second start while one
 * is in force is refused (409) rather than merged: changing another manager's reason, gates or end
 * time without their knowing would be worse than asking to end it first.
 */
export async function startLockdown(
  deps: { db: Orm; jobs: JobQueue },
  caller: Caller,
  propertyId: string,
  request: StartLockdownRequest,
  now: Date,
  record: RecordLockdown,
): Promise<LockdownRow> {
  const endsAt = request.endsAt ? new Date(request.endsAt) : null;
  if (endsAt && endsAt <= now) throw badRequest(LOCKDOWN_MESSAGES.endsInThePast, 'endsAt');
  try {
    return await deps.db.transaction(async (tx) => {
      await refuseOtherPropertysGates(tx, propertyId, request.gateIds);
      await endExpiredLockdowns(deps.jobs, tx, { propertyId }, now);
      const [lockdown] = await tx
        .insert(lockdowns)
        .values({
          propertyId,
          gateIds: request.gateIds ? [...new Set(request.gateIds)] : null,
          reason: request.reason,
          startedBy: caller.userId,
          startedAt: now,
          endsAt,
        })
        .returning();
      await endManualHolds(tx, propertyId, lockdown.gateIds);
      await logLockdownChange(tx, lockdown, { kind: 'started', byUserId: caller.userId, at: now });
      await queueNotices(deps.jobs, tx, lockdown, 'started');
      if (endsAt) await deps.jobs.enqueue(tx, lockdownExpiryJob, { lockdownId: lockdown.id }, endsAt);
      await record(tx, lockdown);
      return lockdown;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'lockdowns_one_active')) throw conflict(LOCKDOWN_MESSAGES.alreadyInForce);
    throw error;
  }
}

/** Ends the property's lockdown in force, by the caller; 409 in words when none is. */
/** Records a lockdown's start or end in the activity trail, in its transaction (the route's). */
export type RecordLockdown = (tx: Tx, lockdown: LockdownRow) => Promise<unknown>;

export async function endLockdown(
  deps: { db: Orm; jobs: JobQueue },
  caller: Caller,
  propertyId: string,
  now: Date,
  record: RecordLockdown,
) {
  return deps.db.transaction(async (tx) => {
    await endExpiredLockdowns(deps.jobs, tx, { propertyId }, now);
    const [ended] = await endWhere(
      deps.jobs,
      tx,
      and(eq(lockdowns.propertyId, propertyId), inForceAt(now)),
      caller.userId,
      now,
    );
    if (!ended) throw conflict(LOCKDOWN_MESSAGES.noneInForce);
    await record(tx, ended);
    return ended;
  });
}
