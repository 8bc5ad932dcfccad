import type { SignalMessage } from '@core/api/intercom';
import { and, asc, count, eq, gt, ne } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import type { CallSide } from './call-store';
import { intercomSignals } from './intercom-tables';

/** Messages one call may carry: an offer, an answer and their candidates are a few dozen. */
export const SIGNALS_PER_CALL_MAX = 400;

export async function signalCount(db: Queryable, callId: string) {
  const [row] = await db.select({ n: count() }).from(intercomSignals).where(eq(intercomSignals.callId, callId));
  return row?.n ?? 0;
}

export async function postSignal(db: Queryable, callId: string, fromSide: CallSide, message: SignalMessage, at: Date) {
  await db.insert(intercomSignals).values({ callId, fromSide, message, createdAt: at });
}

/** The other side's messages after `afterId`, oldest first. */
export function signalsFor(db: Queryable, callId: string, side: CallSide, afterId: number) {
  return db
    .select({ id: intercomSignals.id, message: intercomSignals.message })
    .from(intercomSignals)
    .where(and(eq(intercomSignals.callId, callId), ne(intercomSignals.fromSide, side), gt(intercomSignals.id, afterId)))
    .orderBy(asc(intercomSignals.id))
    .limit(100);
}
