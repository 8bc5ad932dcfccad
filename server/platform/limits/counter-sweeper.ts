import type { FastifyInstance } from 'fastify';
import { sweepCounters } from './limit-counters';

/** Deletes ended limit windows every few minutes (any process may; the work is idempotent). */
export function startCounterSweeper(app: FastifyInstance, intervalMs = 5 * 60_000) {
  const timer = setInterval(() => {
    sweepCounters(app.db, app.config.now()).catch((error) => app.log.warn({ err: error }, 'limit sweep failed'));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
