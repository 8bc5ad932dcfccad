import type { FastifyInstance } from 'fastify';
import type { ActivityRoute } from '../activity/activity-catalog';

/** Lists every /api route with its activity declaration, for the guard rail and the generated tests. */
export function collectActivityDeclarations(app: FastifyInstance, catalog: ActivityRoute[]) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD' && method !== 'OPTIONS')
        catalog.push({ method, url: route.url, activity: route.config?.activity });
    }
  });
}
