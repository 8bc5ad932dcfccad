import type { FastifyInstance, FastifyReply } from 'fastify';
import { readinessCheck } from '../db/readiness';

/** /readyz and /healthz answer within this, whatever the database does. */
export const HEALTH_ANSWER_BOUND_MS = 2_000;
/** The database check's share of it; the rest is room for the event loop and the network. */
const DATABASE_CHECK_DEADLINE_MS = 1_500;

/**
 * Probes for load balancers and orchestrators, kept out of the API document:
 * - /livez: the process is up and serving (no database involved; restart it if this fails);
 * - /readyz: the database answers and has every migration applied (send traffic elsewhere if not);
 * - /healthz: the same as /readyz, the address earlier versions documented.
 */
export function registerHealthRoutes(app: FastifyInstance) {
  const checkReadiness = readinessCheck(app.db, DATABASE_CHECK_DEADLINE_MS);
  const readiness = async (_request: unknown, reply: FastifyReply) => {
    const readiness = await checkReadiness();
    if (!readiness.ready) return reply.status(503).send({ status: 'unavailable', message: readiness.reason });
    return reply.send({ status: 'ok' });
  };
  const hidden = { schema: { hide: true } };
  app.get('/livez', hidden, async (_request, reply) => reply.send({ status: 'ok' }));
  app.get('/readyz', hidden, readiness);
  app.get('/healthz', hidden, readiness);
}
