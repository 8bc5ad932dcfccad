import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../authorization/caller';

const sameSecret = (given: string, expected: string) => {
  const [a, b] = [
    crypto.createHash('sha256').update(given).digest(),
    crypto.createHash('sha256').update(expected).digest(),
  ];
  return crypto.timingSafeEqual(a, b);
};

/**
 * GET /metrics in Prometheus's text format, only when METRICS_TOKEN is set and only for a
 * scraper presenting it as a bearer token; without the setting the path does not exist.
 */
export function registerMetricsRoute(app: FastifyInstance) {
  const token = app.config.metricsToken;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = bearerToken(request.headers.authorization);
    if (!given || !sameSecret(given, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'Metrics token required' });
    }
    return reply.type(app.metrics.registry.contentType).send(await app.metrics.registry.metrics());
  });
}
