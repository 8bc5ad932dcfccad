import { SUSPENSION_MESSAGES } from '@core/api/suspension';
import { eq } from 'drizzle-orm';
import type { Caller } from '../authorization/caller';
import { endAllSessions } from '../authorization/session-queries';
import type { Orm, Tx } from '../platform/db/connect';
import { users } from '../platform/db/schema';
import { badRequest, notFound } from '../platform/errors/http-error';

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
  if (userId === caller.userId) throw badRequest(SUSPENSION_MESSAGES.cannotSuspendSelf);
  await db.transaction(async (tx) => {
    const [target] = await tx.select(personColumns).from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound();
    if (target.role === 'superadmin') throw badRequest(SUSPENSION_MESSAGES.cannotSuspendSuperadmin);
    await tx.update(users).set({ suspended: true, suspendedReason: reason }).where(eq(users.id, userId));
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

const personColumns = {
  id: users.id,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  propertyId: users.propertyId,
  suspended: users.suspended,
  suspendedReason: users.suspendedReason,
};

/** Gives a suspended person their access back; their passes work again where their window allows. */
export async function resumeUser(db: Orm, userId: string, record: RecordChange) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select(personColumns).from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw notFound();
    await tx.update(users).set({ suspended: false, suspendedReason: null }).where(eq(users.id, userId));
    await record(tx, before, { suspended: { before: before.suspended, after: false } });
  });
}
