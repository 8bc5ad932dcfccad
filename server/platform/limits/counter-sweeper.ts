import type { PlatformDeps } from '../deps';
import { sweepCounters } from './limit-counters';

/** Deletes ended limit windows every few minutes (any process may; the work is idempotent) until stopped (the answer stops it). */
export function startCounterSweeper(deps: Pick<PlatformDeps, 'config' | 'db' | 'log'>, intervalMs = 5 * 60_000) {
  const timer = setInterval(() => {
    sweepCounters(deps.db, deps.config.now()).catch((error) => deps.log.warn({ err: error }, 'limit sweep failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
