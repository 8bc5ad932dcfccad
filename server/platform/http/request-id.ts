import type { FastifyInstance } from 'fastify';

/** Every answer names its request (`x-request-id`), the id every log line of that request carries. */
export function exposeRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
