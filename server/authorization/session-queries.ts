import type { SessionEndReason } from '@core/api/session-end';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { browserLabel } from './browser-label';
import { sessions } from './session-tables';

export interface StartedSession {
  id: string;
  expiresAt: Date;
}

/** Last seen is written at most this often per session, so signed-in calls do not each write. */
const LAST_SEEN_EVERY_MS = 60_000;

/**
 * A new session of the user, from the browser and address that signed in; `secondFactorPassed`
 * when the sign-in took the second factor too (else the session is from the password alone).
 */
export async function startSession(
  db: Queryable,
  values: {
    userId: string;
    userAgent: string | undefined;
    address: string;
    now: Date;
    lifetimeSeconds: number;
    secondFactorPassed?: boolean;
  },
): Promise<StartedSession> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: values.userId,
      label: browserLabel(values.userAgent),
      address: values.address,
      createdAt: values.now,
      lastSeenAt: values.now,
      expiresAt: new Date(values.now.getTime() + values.lifetimeSeconds * 1000),
      secondFactorAt: values.secondFactorPassed ? values.now : null,
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return row;
}

/**
 * Ends one session of the user, with the reason its browser will be told (none for its own sign
 * out); false when it is not theirs or has already ended.
 */
export async function endSession(
  db: Queryable,
  userId: string,
  sessionId: string,
  now: Date,
  reason: SessionEndReason | null = null,
): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/**
 * Ends every session of the user (password set, role or property changed, "sign out everywhere
 * else" with `except`): the one revocation mechanism. `reason` is what their browsers are told.
 * Returns how many were ended.
 */
export async function endAllSessions(
  db: Queryable,
  userId: string,
  now: Date,
  except?: string,
  reason: SessionEndReason | null = null,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), except ? ne(sessions.id, except) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Notes the session as seen now, unless that was noted within the last minute. */
export async function touchSession(db: Queryable, sessionId: string, lastSeenAt: Date, now: Date) {
  if (now.getTime() - lastSeenAt.getTime() < LAST_SEEN_EVERY_MS) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), sql`${sessions.lastSeenAt} < ${now}`));
}

/** Why the user's session was ended from elsewhere; null when it is live, unknown or ended by itself. */
export async function sessionEndReason(db: Queryable, userId: string, sessionId: string) {
  const [row] = await db
    .select({ reason: sessions.endReason })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNotNull(sessions.endedAt)))
    .limit(1);
  return row?.reason ?? null;
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

/**
 * Records that the user's live session passed the second factor now, unless it already had;
 * false when it is not theirs or has ended.
 */
export async function markSecondFactorPassed(
  db: Queryable,
  session: { userId: string; sessionId: string },
  now: Date,
): Promise<boolean> {
  const kept = await db
    .update(sessions)
    .set({ secondFactorAt: sql`coalesce(${sessions.secondFactorAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(sessions.id, session.sessionId), eq(sessions.userId, session.userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return kept.length > 0;
}
