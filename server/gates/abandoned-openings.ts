import type { FastifyInstance } from 'fastify';
import type { Database } from '../platform/db/connect';
import { markAbandonedOpenings } from '../relay-logs/opening-queries';
import { pulseLeaseMsOf } from './pulse-relay';

export const ABANDONED_OPENING_REASON = 'Outcome unknown: the server stopped during the opening';

/**
 * The longest a live process keeps an opening in flight is a press that joined another process's
 * pulse: that pulse's lease and a second more (shared-pulse.ts). The rest is room for the
 * completing write on a loaded database; a process stalled even longer overwrites the mark.
 */
const COMPLETION_ROOM_MS = 8000;
const SWEEP_EVERY_MS = 5000;

/** When an opening started now can only be in flight in a process that died. */
export const openingLeaseUntil = (app: FastifyInstance, now: Date) =>
  new Date(now.getTime() + pulseLeaseMsOf(app) + COMPLETION_ROOM_MS);

/** Marks as outcome unknown the openings whose lease has run out (or all in flight); answers their log ids. */
export function markOpeningsOfDeadProcesses(app: FastifyInstance, options: { everyInFlight?: boolean } = {}) {
  return markAbandonedOpenings(app.db, {
    leaseEndedBy: options.everyInFlight ? null : app.config.now(),
    reason: ABANDONED_OPENING_REASON,
  });
}

/**
 * At start, then every few seconds in every process: the openings a dead process left in flight
 * become "outcome unknown". On the embedded database its data-dir lock admits one process, so at
 * start every opening still in flight was left by a dead one, however recent its lease.
 */
export async function startAbandonedOpeningSweeper(app: FastifyInstance, kind: Database['kind']) {
  const sweep = (everyInFlight: boolean) =>
    markOpeningsOfDeadProcesses(app, { everyInFlight }).then(
      (marked) => marked.length && app.log.warn({ logIds: marked }, 'openings left in flight by a stopped server'),
      (error) => app.log.warn({ err: error }, 'sweep of openings left in flight failed'),
    );
  await sweep(kind === 'pglite');
  const timer = setInterval(() => void sweep(false), SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
