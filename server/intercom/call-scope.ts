import type { FastifyRequest } from 'fastify';
import type { Caller } from '../authorization/caller';
import type { Scope } from '../authorization/route-permissions';
import type { Queryable } from '../platform/db/connect';
import type { CallSide } from './call-store';
import { callScopeOf } from './call-store';
import type { CallViewer } from './call-view';

/** The call a request's `:callId` names: its property, its resident and its reader (a Scope). */
export async function callScope(db: Queryable, request: FastifyRequest): Promise<Scope | null> {
  const { callId } = request.params as { callId?: string };
  return callId ? callScopeOf(db, callId) : null;
}

/** Who calls a route about a call: the reader (device key) or a signed-in person. */
export function callPartyOf(
  request: FastifyRequest,
  calleeUserId: string,
): { side: CallSide | null; viewer: CallViewer; caller: Caller | null } {
  if (request.gateDevice) return { side: 'reader', viewer: { reader: true }, caller: null };
  const caller = request.caller as Caller;
  const isCallee = caller.userId === calleeUserId;
  return { side: isCallee ? 'resident' : null, viewer: { sessionId: caller.sessionId, isCallee }, caller };
}
