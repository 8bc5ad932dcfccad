import { AttemptLimiter } from '../auth/attempt-limiter';

export const PIN_MAX_FAILURES = 5;
export const PIN_FAILURE_WINDOW_MS = 10 * 60 * 1000;
export const PIN_LOCKOUT_MS = 5 * 60 * 1000;

/**
 * Wrong PINs per keypad: the 5th within 10 minutes locks the keypad for 5 minutes, during which
 * even a correct PIN is refused. In memory, like the login limiter: one process per database.
 */
export class KeypadLockout {
  private readonly failures: AttemptLimiter;
  private readonly lockedUntil = new Map<string, number>();

  constructor(private readonly now: () => Date) {
    this.failures = new AttemptLimiter(PIN_MAX_FAILURES, PIN_FAILURE_WINDOW_MS, now);
  }

  isLocked(deviceId: string): boolean {
    const until = this.lockedUntil.get(deviceId);
    if (until === undefined) return false;
    if (until > this.now().getTime()) return true;
    this.lockedUntil.delete(deviceId);
    return false;
  }

  /** Counts a wrong PIN; true when it locks the keypad. */
  recordFailure(deviceId: string): boolean {
    this.failures.recordFailure(deviceId);
    if (!this.failures.isBlocked(deviceId)) return false;
    this.failures.reset(deviceId);
    this.lockedUntil.set(deviceId, this.now().getTime() + PIN_LOCKOUT_MS);
    return true;
  }
}
