import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built SPA; any non-API GET falls back to index.html so client routes load directly. */
export async function registerWebApp(app: FastifyInstance, webRoot: string | undefined) {
  const index = webRoot ? path.join(webRoot, 'index.html') : null;
  const hasWeb = index !== null && fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot!,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && hasWeb;
    if (!isPage) return reply.status(404).send({ message: 'Not found', requestId: request.id });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
