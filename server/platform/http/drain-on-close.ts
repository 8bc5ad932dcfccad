import type { FastifyInstance } from 'fastify';

/**
 * Once the app starts closing, answers still in flight end their keep-alive connection, so the
 * server can finish closing as soon as they are sent instead of waiting for idle clients.
 */
export function drainConnectionsOnClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
