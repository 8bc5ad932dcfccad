import { eq } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { sessions } from './session-tables';

/** The authenticator secret a session set up and waits to confirm, and whether the session has ended. */
export async function pendingTotpOf(db: Queryable, sessionId: string) {
  const [row] = await db
    .select({ pending: sessions.totpPendingSealed, endedAt: sessions.endedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ?? null;
}

/** Keeps (or, with null, forgets) the sealed authenticator secret waiting on this session. */
export async function setPendingTotp(db: Queryable, sessionId: string, sealed: string | null) {
  await db.update(sessions).set({ totpPendingSealed: sealed }).where(eq(sessions.id, sessionId));
}
