import type { Caller } from './caller';

const MAX_CALLERS = 10_000;

/**
 * Callers as last read from the database, by user id. Only a route whose own query reads the
 * caller again (and refuses a changed token version) may act on one; see callerReadInScope.
 */
export class KnownCallers {
  private readonly byUserId = new Map<string, Caller>();

  get(userId: string): Caller | undefined {
    return this.byUserId.get(userId);
  }

  remember(caller: Caller) {
    if (this.byUserId.size >= MAX_CALLERS) this.byUserId.clear();
    this.byUserId.set(caller.userId, caller);
  }

  forget(userId: string) {
    this.byUserId.delete(userId);
  }
}
