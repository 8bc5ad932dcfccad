import type { FastifyInstance } from 'fastify';

/** The probes answer about the process and its database alone, so they never wait. */
const ANSWERED_WHILE_PREPARING = new Set(['/livez', '/readyz', '/healthz']);

/**
 * Work a start does once it is listening (decision 0073) must still come before any request
 * that could depend on it: every request but the probes waits until `release` is called. After
 * that a request pays one boolean check. Never released (the preparations failed), the process
 * exits instead.
 */
export function holdRequestsUntilPrepared(app: FastifyInstance): { release(): void } {
  let prepared = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.addHook('onRequest', async (request) => {
    if (prepared || ANSWERED_WHILE_PREPARING.has(request.routeOptions.url ?? '')) return;
    await released;
  });
  return {
    release: () => {
      prepared = true;
      release();
    },
  };
}
