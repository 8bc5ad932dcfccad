import type { CallEndReason, CallStatus } from '@core/api/intercom';
import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { intercomCalls, intercomSignals } from './intercom-tables';

/** How long a call rings unanswered before the reader says "No answer". */
export const RING_MS = 30_000;
/**
 * A side whose signal stream has not been seen for this long has dropped: its call ends. Streams
 * are seen every 2 s and swept every 2 s (call-sweep.ts), so the other side learns within 10 s.
 */
export const SIDE_LOST_MS = 6_000;

export type CallRow = typeof intercomCalls.$inferSelect;
export type CallSide = 'reader' | 'resident';
const LIVE: CallStatus[] = ['ringing', 'answered'];

export interface NewCall {
  propertyId: string;
  deviceId: string;
  gateName: string;
  calleeUserId: string;
  displayName: string;
  at: Date;
}

/** A new ringing call; the reader's earlier call still live is hung up (a reader makes one call at a time). */
export async function createCall(db: Queryable, call: NewCall): Promise<CallRow> {
  await db
    .update(intercomCalls)
    .set({ status: 'ended', endReason: 'reader-hung-up', endedAt: call.at })
    .where(and(eq(intercomCalls.deviceId, call.deviceId), inArray(intercomCalls.status, LIVE)));
  const [row] = await db
    .insert(intercomCalls)
    .values({
      ...call,
      status: 'ringing',
      startedAt: call.at,
      ringUntil: new Date(call.at.getTime() + RING_MS),
      readerSeenAt: call.at,
    })
    .returning();
  return row;
}

export async function findCall(db: Queryable, callId: string): Promise<(CallRow & { hasPhoto: boolean }) | null> {
  const [row] = await db
    .select({
      call: intercomCalls,
      hasPhoto: sql<boolean>`exists (select 1 from intercom_call_photos p where p.call_id = ${intercomCalls.id})`,
    })
    .from(intercomCalls)
    .where(eq(intercomCalls.id, callId));
  return row ? { ...row.call, hasPhoto: row.hasPhoto } : null;
}

/** Whose records a call is: its property, its resident, its reader. */
export async function callScopeOf(db: Queryable, callId: string) {
  const [row] = await db
    .select({
      propertyId: intercomCalls.propertyId,
      ownerUserId: intercomCalls.calleeUserId,
      deviceId: intercomCalls.deviceId,
    })
    .from(intercomCalls)
    .where(eq(intercomCalls.id, callId));
  return row ?? null;
}

const ended = (reason: CallEndReason, at: Date | SQL) => ({
  status: 'ended' as const,
  endReason: reason,
  endedAt: at,
});

/** The resident answers on the signed-in device `sessionId`: only a call still ringing. */
export async function answerCall(db: Queryable, callId: string, sessionId: string, at: Date) {
  const rows = await db
    .update(intercomCalls)
    .set({ status: 'answered', answeredAt: at, answeredSessionId: sessionId, residentSeenAt: at })
    .where(
      and(eq(intercomCalls.id, callId), eq(intercomCalls.status, 'ringing'), sql`${intercomCalls.ringUntil} > ${at}`),
    )
    .returning({ id: intercomCalls.id });
  return rows.length === 1;
}

export async function declineCall(db: Queryable, callId: string, at: Date) {
  const rows = await db
    .update(intercomCalls)
    .set({ status: 'declined', endReason: 'declined', endedAt: at })
    .where(and(eq(intercomCalls.id, callId), eq(intercomCalls.status, 'ringing')))
    .returning({ id: intercomCalls.id });
  if (rows.length) await forgetSignals(db, callId);
  return rows.length === 1;
}

/**
 * A side hangs up: the reader while ringing or answered, the resident's answering device once
 * answered. False when the call had already ended (or this device is not the one in it).
 */
export async function hangUp(db: Queryable, callId: string, side: CallSide, at: Date, sessionId?: string) {
  const mine =
    side === 'reader'
      ? inArray(intercomCalls.status, LIVE)
      : and(eq(intercomCalls.status, 'answered'), eq(intercomCalls.answeredSessionId, sessionId ?? ''));
  const rows = await db
    .update(intercomCalls)
    .set(ended(side === 'reader' ? 'reader-hung-up' : 'resident-hung-up', at))
    .where(and(eq(intercomCalls.id, callId), mine))
    .returning({ id: intercomCalls.id });
  if (rows.length) await forgetSignals(db, callId);
  return rows.length === 1;
}

/** The side's signal stream is alive (or it just spoke): pushes its lease on. */
export async function touchSide(db: Queryable, callIds: string[], side: CallSide, at: Date) {
  if (!callIds.length) return;
  const column = side === 'reader' ? intercomCalls.readerSeenAt : intercomCalls.residentSeenAt;
  const live = side === 'reader' ? inArray(intercomCalls.status, LIVE) : eq(intercomCalls.status, 'answered');
  await db
    .update(intercomCalls)
    .set(side === 'reader' ? { readerSeenAt: at } : { residentSeenAt: at })
    .where(and(inArray(intercomCalls.id, callIds), live, sql`${column} < ${at}`));
}

/**
 * The call lease: ends every live call (or just `callId`) whose deadline passed at `at` — unanswered
 * past its ring (missed, "No answer"), or a side unseen for SIDE_LOST_MS (ended, with who dropped).
 * Run by every process's sweep and before a call is read, so a crash leaves no call live.
 */
export async function settleCalls(db: Queryable, at: Date, callId?: string): Promise<string[]> {
  const only = callId ? sql`and id = ${callId}` : sql``;
  const lostBefore = new Date(at.getTime() - SIDE_LOST_MS).toISOString();
  const now = at.toISOString();
  const result = await db.execute(sql`
    update intercom_calls set
      status = case when status = 'ringing' and ring_until <= ${now}::timestamptz then 'missed' else 'ended' end,
      end_reason = case
        when status = 'ringing' and ring_until <= ${now}::timestamptz then 'no-answer'
        when reader_seen_at < ${lostBefore}::timestamptz then 'reader-lost'
        else 'resident-lost' end,
      ended_at = case when status = 'ringing' and ring_until <= ${now}::timestamptz then ring_until
        else ${now}::timestamptz end
    where status in ('ringing', 'answered') ${only} and (
      (status = 'ringing' and ring_until <= ${now}::timestamptz)
      or reader_seen_at < ${lostBefore}::timestamptz
      or (status = 'answered' and resident_seen_at < ${lostBefore}::timestamptz))
    returning id`);
  const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
  if (ids.length) await db.delete(intercomSignals).where(inArray(intercomSignals.callId, ids));
  return ids;
}

function forgetSignals(db: Queryable, callId: string) {
  return db.delete(intercomSignals).where(eq(intercomSignals.callId, callId));
}

/** Whose calls a list reaches: a resident's own, a property's, or all. */
export type CallReach = { calleeUserId: string } | { propertyId: string } | 'all';

export async function listCalls(
  db: Queryable,
  reach: CallReach,
  page: { limit: number; before?: Date; status?: CallStatus },
) {
  const where = and(
    reach === 'all'
      ? undefined
      : 'calleeUserId' in reach
        ? eq(intercomCalls.calleeUserId, reach.calleeUserId)
        : eq(intercomCalls.propertyId, reach.propertyId),
    page.before ? lt(intercomCalls.startedAt, page.before) : undefined,
    page.status ? eq(intercomCalls.status, page.status) : undefined,
  );
  return db
    .select({
      call: intercomCalls,
      hasPhoto: sql<boolean>`exists (select 1 from intercom_call_photos p where p.call_id = ${intercomCalls.id})`,
    })
    .from(intercomCalls)
    .where(where)
    .orderBy(desc(intercomCalls.startedAt), desc(intercomCalls.id))
    .limit(page.limit);
}

/**
 * The gate opened from the call: links its gate log row to the call, only while the call is
 * answered. False when it ended meanwhile (the row stays in the log; the call shows no opening).
 */
export async function markOpened(db: Queryable, callId: string, logId: string, at: Date) {
  const rows = await db
    .update(intercomCalls)
    .set({ openedLogId: logId, openedAt: at })
    .where(and(eq(intercomCalls.id, callId), eq(intercomCalls.status, 'answered')))
    .returning({ id: intercomCalls.id });
  return rows.length === 1;
}
