import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installPermissionChecks } from '../../server/app/permission-checks';
import { allow, type DeclaredRoute, publicPermission } from '../../server/authorization/route-permissions';

/** A bare app with the same enforcement point buildApp installs. */
async function guardedApp() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const catalog: DeclaredRoute[] = [];
  installPermissionChecks(app, catalog);
  return { app, catalog };
}

describe('access declarations', () => {
  it('refuses to start with an /api route that declares no access, naming it', async () => {
    const { app } = await guardedApp();
    const starting = (async () => {
      await app.register(async (scope) => {
        scope.get('/api/forgotten', async () => ({ leaked: true }));
      });
      await app.ready();
    })();
    await expect(starting).rejects.toThrow('Route GET /api/forgotten has no access declaration');
  });

  it('starts when every /api route declares access, and lists each with its schemas', async () => {
    const { app, catalog } = await guardedApp();
    const body = z.object({ name: z.string().max(10) });
    app.post('/api/declared', { config: { permission: allow(['admin']) }, schema: { body } }, async () => ({}));
    app.get('/api/open', { config: { permission: publicPermission } }, async () => ({}));
    app.get('/not-api', async () => 'page');
    await app.ready();
    expect(catalog.map((route) => `${route.method} ${route.url} ${route.permission.kind}`)).toEqual([
      'POST /api/declared user',
      'GET /api/open public',
    ]);
    expect(catalog[0].schema.body).toBeDefined();
    const extra = await app.inject({ method: 'POST', url: '/api/declared', payload: { name: 'a', role: 'x' } });
    expect(extra.statusCode).toBe(401);
    await app.close();
  });
});
