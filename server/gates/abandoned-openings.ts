import type { FastifyBaseLogger } from 'fastify';
import { markAbandonedOpenings } from '../gate-log/gate-log-sink';
import type { Database, Orm } from '../platform/db/connect';

export const ABANDONED_OPENING_REASON = 'Outcome unknown: the server stopped during the opening';

const SWEEP_EVERY_MS = 5000;

/** Marks as outcome unknown the openings whose lease has run out (or all in flight); answers their log ids. */
export function markOpeningsOfDeadProcesses(
  deps: { db: Orm; now: () => Date },
  options: { everyInFlight?: boolean } = {},
) {
  return markAbandonedOpenings(deps.db, {
    leaseEndedBy: options.everyInFlight ? null : deps.now(),
    reason: ABANDONED_OPENING_REASON,
  });
}

/**
 * At start, then every few seconds in every process: the openings a dead process left in flight
 * become "outcome unknown". On the embedded database its data-dir lock admits one process, so at
 * start every opening still in flight was left by a dead one, however recent its lease. Answers
 * the function that stops the sweeps.
 */
export async function startAbandonedOpeningSweeper(
  deps: { db: Orm; now: () => Date; log: Pick<FastifyBaseLogger, 'warn'> },
  kind: Database['kind'],
) {
  const sweep = (everyInFlight: boolean) =>
    markOpeningsOfDeadProcesses(deps, { everyInFlight }).then(
      (marked) => marked.length && deps.log.warn({ logIds: marked }, 'openings left in flight by a stopped server'),
      (error) => deps.log.warn({ err: error }, 'sweep of openings left in flight failed'),
    );
  await sweep(kind === 'pglite');
  const timer = setInterval(() => void sweep(false), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
