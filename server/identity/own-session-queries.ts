import { MAX_LISTED_SESSIONS } from '@core/api/sessions';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { sessions } from './identity-tables';

/** Whose session this is; null if there is none. */
export async function sessionOwner(db: Queryable, sessionId: string): Promise<string | null> {
  const [row] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row?.userId ?? null;
}

/** The person's sessions that have neither ended nor expired, last seen first. */
export async function liveSessionsOf(db: Queryable, userId: string, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(MAX_LISTED_SESSIONS);
}

/** When a session that has not ended expires; null if it has ended or does not exist. */
export async function openSessionExpiry(db: Queryable, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
    .limit(1);
  return row?.expiresAt ?? null;
}

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

/** Every session the person has had, newest first (their own data export). */
export async function sessionHistoryOf(db: Queryable, userId: string) {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt));
}
