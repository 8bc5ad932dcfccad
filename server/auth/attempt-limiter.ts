/**
 * Counts failures per key in a sliding window (login per account and per client, PIN per device).
 * In memory: one process serves one database here; a cluster would move this to the database.
 */
export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => Date,
  ) {}

  private recent(key: string): number[] {
    const since = this.now().getTime() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  isBlocked(key: string): boolean {
    return this.recent(key).length >= this.maxFailures;
  }

  /** Milliseconds until the oldest counted failure leaves the window. */
  retryAfterMs(key: string): number {
    const recent = this.recent(key);
    return recent.length ? Math.max(0, recent[0] + this.windowMs - this.now().getTime()) : 0;
  }

  recordFailure(key: string) {
    if (this.failures.size > 50_000) this.prune();
    this.failures.set(key, [...this.recent(key), this.now().getTime()]);
  }

  reset(key: string) {
    this.failures.delete(key);
  }

  private prune() {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
