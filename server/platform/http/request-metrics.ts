import type { FastifyInstance } from 'fastify';
import type { GatehouseMetrics } from '../metrics/metrics';

/** Observes every request's latency under its route pattern (never the raw URL: bounded labels). */
export function installMetrics(app: FastifyInstance, metrics: GatehouseMetrics) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
