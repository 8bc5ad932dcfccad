import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../platform/db/connect';
import { settleCalls } from './call-store';

const SWEEP_EVERY_MS = 2000;

/**
 * Every process, every 2 s: calls whose lease ran out (unanswered past the ring, or a side no
 * longer seen) end, whichever process started them; so a crash leaves no call live (decision 0093).
 * Answers the function that stops the sweeps.
 */
export function startCallSweeper(deps: { db: Orm; now: () => Date; log: Pick<FastifyBaseLogger, 'warn'> }) {
  const timer = setInterval(() => {
    settleCalls(deps.db, deps.now()).catch((error) => deps.log.warn({ err: error }, 'sweep of intercom calls failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
