import { MESSAGES } from '@core/messages';
import type { Role } from '@core/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Caller, callerFromToken } from '../auth/caller';
import { touchSession } from '../auth/session-store';
import { HttpError } from './http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller as the scope's own query read them (null: gone or signed out), on callerReadInScope routes. */
    currentCaller?: Caller | null;
  }
}

/**
 * The caller of a token. With `knownWillBeConfirmed`, a caller read on an earlier call of the
 * same session stands in when the token's signature checks out, saving a query: the route's
 * scope query reads the caller again and confirmCaller refuses the call if the session ended.
 */
export async function identifyCaller(
  app: FastifyInstance,
  token: string,
  knownWillBeConfirmed: boolean,
): Promise<Caller | null> {
  if (knownWillBeConfirmed) {
    const claims = await app.tokens.verify(token);
    const known = claims ? app.knownCallers.get(claims.sid) : undefined;
    if (known && known.userId === claims?.UID) return known;
  }
  const caller = await callerFromToken(app.db, app.tokens, token);
  if (!caller) return null;
  if (knownWillBeConfirmed) app.knownCallers.remember(caller);
  await touchSession(app.db, caller.sessionId, caller.sessionSeenAt, app.config.now());
  return caller;
}

/** For a scope resolver of a callerReadInScope route: the caller its query read, by user id. */
export function noteCurrentCaller(request: FastifyRequest, caller: Caller | null) {
  request.currentCaller = caller;
}

/**
 * After the scope query: the caller as the database has them now replaces the one identified
 * before; an ended session, a deleted or signed-out user answers 401, a
 * role no longer allowed 403, before the scope is judged.
 */
export function confirmCaller(app: FastifyInstance, request: FastifyRequest, roles: readonly Role[]): Caller {
  const identified = request.caller;
  const current = request.currentCaller;
  if (!identified || current === undefined) throw new Error('a callerReadInScope scope must call noteCurrentCaller');
  if (!current || current.userId !== identified.userId || current.sessionId !== identified.sessionId) {
    app.knownCallers.forget(identified.sessionId);
    throw new HttpError(401, MESSAGES.sessionExpired);
  }
  app.knownCallers.remember(current);
  request.caller = current;
  if (!roles.includes(current.role)) throw new HttpError(403, MESSAGES.forbidden);
  return current;
}
