import { MAX_LISTED_SESSIONS } from '@core/api/sessions';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { sessions } from './session-tables';

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

/** Every session the person has had, newest first (their own data export). */
export async function sessionHistoryOf(db: Queryable, userId: string) {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt));
}

/** Whether the user signed in before at all, and from a browser with this label. */
export async function browsersSeen(db: Queryable, userId: string, label: string) {
  const [row] = await db
    .select({
      any: sql<boolean>`count(*) > 0`,
      thisBrowser: sql<boolean>`coalesce(bool_or(${sessions.label} = ${label}), false)`,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return { any: row?.any === true, thisBrowser: row?.thisBrowser === true };
}

/** The browser and address a session was started from (a security notice names them); undefined if it is gone. */
export async function sessionBrowser(db: Queryable, sessionId: string) {
  const [session] = await db
    .select({ label: sessions.label, address: sessions.address })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return session;
}
