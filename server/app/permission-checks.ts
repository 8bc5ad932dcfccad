import type { ApiKeyScope } from '@core/api/api-keys';
import { MESSAGES } from '@core/messages';
import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import { bearerToken, confirmCaller, identifyCaller } from '../authorization/caller';
import { type DeviceKeyDeps, identifyDevice } from '../authorization/device-key';
import {
  callerOf,
  type DeclaredRoute,
  isSessionToken,
  type RequestSchemas,
  withinScope,
} from '../authorization/route-permissions';
import { HttpError } from '../platform/errors/http-error';
import { SERVER_MESSAGES } from '../platform/errors/server-messages';
import { publicRateLimit } from '../platform/limits/public-rate-limit';

const isApiDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
const isApiRoute = (url: string) => url.startsWith('/api/') && !isApiDocs(url);

function requestSchemas(route: RouteOptions): RequestSchemas {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  return { body: schema.body, querystring: schema.querystring ?? schema.query, params: schema.params };
}

/** The OpenAPI document names the scope a key needs for the route (issue 44). */
function withApiKeyDocs(schema: RouteOptions['schema'], scope: ApiKeyScope): RouteOptions['schema'] {
  const declared = (schema ?? {}) as { description?: string };
  const note = `API keys with the scope \`${scope}\` may call this route.`;
  return {
    ...schema,
    description: declared.description ? `${declared.description}\n\n${note}` : note,
    security: [{ bearer: [] }, { apiKey: [scope] }],
    'x-api-key-scope': scope,
  } as RouteOptions['schema'];
}

function appendOnRequest(route: RouteOptions, hook: onRequestHookHandler) {
  const existing = route.onRequest;
  route.onRequest = existing ? [...(Array.isArray(existing) ? existing : [existing]), hook] : [hook];
}

/**
 * Installs the one enforcement point. Every /api route must declare its access or the app
 * refuses to start; the declarations are kept for the generated authorization tests. Public
 * routes get a per-client rate limit here, so no public route can be added without one, and
 * every request object refuses unknown keys.
 *
 * Identity and role are checked before the body is even parsed (an anonymous caller's body is
 * never read, so it costs no parsing and learns nothing about the schema); the scope check
 * needs validated ids, so it runs after. preParsing runs after every onRequest hook, so the
 * per-client rate limits still come first.
 */
export function installPermissionChecks(app: FastifyInstance, catalog: DeclaredRoute[]) {
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    const access = route.config?.permission;
    if (!access) throw new Error(`Route ${route.method} ${route.url} has no access declaration`);
    if (access.kind === 'public') {
      appendOnRequest(route, publicRateLimit(app, `${route.method} ${route.url}`, route.config?.publicLimit));
    }
    if (access.kind === 'user' && access.apiKeyScope) route.schema = withApiKeyDocs(route.schema, access.apiKeyScope);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD')
        catalog.push({ method, url: route.url, permission: access, schema: requestSchemas(route) });
    }
  });

  // Built at the first device request: the app is decorated by then.
  let readers: DeviceKeyDeps | undefined;
  app.addHook('preParsing', async (request) => {
    const access = request.routeOptions.config?.permission;
    if (!access || access.kind === 'public') return;
    const token = bearerToken(request.headers.authorization);
    const asDevice = access.kind === 'device' || (access.kind === 'deviceOrUser' && !isSessionToken(token));
    if (asDevice) {
      readers ??= { db: app.db, now: app.config.now, deviceKeys: app.deviceKeys };
      return identifyDevice(readers, request, token, access.kind === 'device' && access.readsDeviceItself === true);
    }
    return identifyCaller(app, request, access);
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config?.permission;
    if (access?.kind === 'deviceOrUser' && request.gateDevice) {
      if (!access.scope) return;
      const scope = await access.scope(request, app);
      if (!scope || scope.deviceId !== request.gateDevice.device.id) throw new HttpError(404, MESSAGES.notFound);
      return;
    }
    if ((access?.kind !== 'user' && access?.kind !== 'deviceOrUser') || !access.scope) return;
    const scope = await access.scope(request, app);
    const caller = access.scopeReadsCaller ? await confirmCaller(app, request, access) : callerOf(request);
    const reachable = scope && (access.selfOnly ? scope.ownerUserId === caller.userId : withinScope(caller, scope));
    if (!reachable && access.selfRefusal === 403) throw new HttpError(403, SERVER_MESSAGES.forbidden);
    if (!reachable) throw new HttpError(404, MESSAGES.notFound);
  });
}
