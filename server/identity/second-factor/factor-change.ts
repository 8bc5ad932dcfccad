import { MESSAGES } from '@core/messages';
import { lockPersonRow } from '../../accounts/account-store';
import { endAllSessions, markSecondFactorPassed } from '../../authorization/session-queries';
import type { Queryable } from '../../platform/db/connect';
import { HttpError } from '../../platform/errors/http-error';

/**
 * Starts a change to the user's second factor (one added or removed) from one of their sessions, in
 * the transaction that makes the change: the user's row is locked so changes of one user run one
 * after another, this session is kept and recorded as having passed the second factor (it enrolled
 * it, or had passed it to get here), and every other session ends. So a session from the password
 * alone never outlives an enrolment, nor one that passed a factor now gone its removal. Answers 401
 * when this session was ended meanwhile (by another change).
 */
export async function changeFactorFromThisSessionOnly(
  tx: Queryable,
  caller: { userId: string; sessionId: string },
  now: Date,
) {
  await lockPersonRow(tx, caller.userId);
  const kept = await markSecondFactorPassed(tx, caller, now);
  if (!kept) throw new HttpError(401, MESSAGES.sessionExpired);
  await endAllSessions(tx, caller.userId, now, caller.sessionId, 'second-factor-changed');
}
