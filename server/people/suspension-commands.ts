import { SUSPENSION_MESSAGES } from '@core/api/suspension';
import { lockPerson, setSuspension } from '../accounts/account-store';
import type { Caller } from '../authorization/caller';
import { endAllSessions } from '../authorization/session-queries';
import type { Orm, Tx } from '../platform/db/connect';
import { badRequest, forbidden, notFound } from '../platform/errors/http-error';

/**
 * Pauses a person's access: their sessions end in the same transaction (their tokens are refused
 * from the next request), and the gate decision refuses their app, PIN, cards and passes.
 */
export async function suspendUser(
  db: Orm,
  caller: Caller,
  change: { userId: string; reason: string; now: Date },
  record: RecordChange,
) {
  const { userId, reason, now } = change;
  if (userId === caller.userId) throw forbidden(SUSPENSION_MESSAGES.cannotSuspendSelf);
  await db.transaction(async (tx) => {
    const target = await lockPerson(tx, userId);
    if (!target) throw notFound();
    if (target.role === 'superadmin') throw badRequest(SUSPENSION_MESSAGES.cannotSuspendSuperadmin);
    await setSuspension(tx, userId, true, reason);
    await endAllSessions(tx, userId, now);
    await record(tx, target, {
      suspended: { before: target.suspended, after: true },
      reason: { before: target.suspendedReason, after: reason },
    });
  });
}

/** Records a change to a person in the activity trail, in the change's transaction (the route's). */
export type RecordChange = (
  tx: Tx,
  person: { id: string; firstName: string; lastName: string; propertyId: string | null },
  changes: Record<string, { before: unknown; after: unknown }>,
) => Promise<unknown>;

/**
 * Gives a suspended person their access back; their passes work again where their window allows.
 * Never one's own: a suspended manager who still held a session must not undo their suspension.
 */
export async function resumeUser(db: Orm, caller: Caller, userId: string, record: RecordChange) {
  if (userId === caller.userId) throw forbidden(SUSPENSION_MESSAGES.cannotResumeSelf);
  await db.transaction(async (tx) => {
    const before = await lockPerson(tx, userId);
    if (!before) throw notFound();
    await setSuspension(tx, userId, false, null);
    await record(tx, before, { suspended: { before: before.suspended, after: false } });
  });
}
