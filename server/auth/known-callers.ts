import type { Caller } from './caller';

const MAX_CALLERS = 10_000;

/**
 * Callers as last read from the database, by session id. Only a route whose own query reads the
 * caller again (and refuses an ended session) may act on one; see callerReadInScope.
 */
export class KnownCallers {
  private readonly bySessionId = new Map<string, Caller>();

  get(sessionId: string): Caller | undefined {
    return this.bySessionId.get(sessionId);
  }

  remember(caller: Caller) {
    if (this.bySessionId.size >= MAX_CALLERS) this.bySessionId.clear();
    this.bySessionId.set(caller.sessionId, caller);
  }

  forget(sessionId: string) {
    this.bySessionId.delete(sessionId);
  }
}
