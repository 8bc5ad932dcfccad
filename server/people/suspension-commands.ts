import { SUSPENSION_MESSAGES } from '@core/api/suspension';
import { eq } from 'drizzle-orm';
import type { Caller } from '../authorization/caller';
import { endAllSessions } from '../authorization/session-queries';
import type { Orm } from '../platform/db/connect';
import { users } from '../platform/db/schema';
import { badRequest, notFound } from '../platform/errors/http-error';

/**
 * Pauses a person's access: their sessions end in the same transaction (their tokens are refused
 * from the next request), and the gate decision refuses their app, PIN, cards and passes.
 */
export async function suspendUser(db: Orm, caller: Caller, userId: string, reason: string, now: Date) {
  if (userId === caller.userId) throw badRequest(SUSPENSION_MESSAGES.cannotSuspendSelf);
  await db.transaction(async (tx) => {
    const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound();
    if (target.role === 'superadmin') throw badRequest(SUSPENSION_MESSAGES.cannotSuspendSuperadmin);
    await tx.update(users).set({ suspended: true, suspendedReason: reason }).where(eq(users.id, userId));
    await endAllSessions(tx, userId, now);
  });
}

/** Gives a suspended person their access back; their passes work again where their window allows. */
export async function resumeUser(db: Orm, userId: string) {
  const resumed = await db
    .update(users)
    .set({ suspended: false, suspendedReason: null })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!resumed.length) throw notFound();
}
