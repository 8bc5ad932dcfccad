import { MESSAGES } from '@core/messages';
import { ROLES, type Role } from '@core/roles';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { HttpError } from '../platform/errors/http-error';
import { SERVER_MESSAGES } from '../platform/errors/server-messages';
import { publicRateLimit } from '../platform/limits/public-rate-limit';
import { bearerToken, type Caller, confirmCaller, identifyCaller } from './caller';
import { DEVICE_KEY_REQUIRED, type DeviceKeyDeps, identifyDevice, UNKNOWN_DEVICE_KEY } from './device-key';

/** Whose record a request touches: its property and, for residents' own records, its owner. */
export interface Scope {
  propertyId: string | null;
  /** Set for records a resident owns (visitors, QR codes, their own account). */
  ownerUserId?: string | null;
}

export type ScopeResolver = (request: FastifyRequest, app: FastifyInstance) => Promise<Scope | null>;

/**
 * Who may call a route, declared next to its schema. `scope` loads the record the request
 * targets; superadmin reaches any, admin their own property's, resident their own records
 * (or their own property's where the record has no owner, such as a gate).
 */
export type Permission =
  | { kind: 'public' }
  | { kind: 'device'; readsDeviceItself?: boolean }
  | {
      kind: 'user';
      roles: readonly Role[];
      scope?: ScopeResolver;
      selfOnly?: boolean;
      selfRefusal?: 403 | 404;
      /** The scope's query also reads the caller (see callerReadInScope). */
      scopeReadsCaller?: boolean;
      /** Open to a caller who still has to enrol a second factor (enrolment itself, logout). */
      duringEnrolment?: boolean;
    };

export const publicPermission: Permission = { kind: 'public' };
export const devicePermission: Permission = { kind: 'device' };
/**
 * A gate reader's hot route whose own query reads the device by `request.deviceKey.hash` and
 * calls refuseUnknownDeviceKey when none matches: the key is first checked against the keys
 * this process saw valid, saving a query.
 */
export const deviceReadInRoutePermission: Permission = { kind: 'device', readsDeviceItself: true };
export function allow(roles: readonly Role[], scope?: ScopeResolver): Permission {
  return { kind: 'user', roles, scope };
}

/** Any signed-in user, even one who must enrol a second factor first. */
export const allowDuringEnrolment: Permission = { kind: 'user', roles: ROLES, duringEnrolment: true };

/**
 * A hot route whose scope query also reads the caller (by `claimedCallerOf(request)`) and hands
 * them to noteCurrentCaller: before validation only the token is checked, and the caller as that
 * query read them is judged (live session, role) before the scope.
 */
export function callerReadInScope(roles: readonly Role[], scope: ScopeResolver): Permission {
  return { kind: 'user', roles, scope, scopeReadsCaller: true };
}

/**
 * A route about one user's own data (their notifications, their profile): only that user
 * reaches it, whatever their role; anyone else gets 404.
 */
export function allowSelf(
  roles: readonly Role[],
  userIdOf: (request: FastifyRequest) => string,
  /** 403 where the contract names it (the bell's notifications of another user), else 404. */
  selfRefusal: 403 | 404 = 404,
): Permission {
  return {
    kind: 'user',
    roles,
    selfOnly: true,
    selfRefusal,
    scope: async (request) => ({ propertyId: null, ownerUserId: userIdOf(request) }),
  };
}

export { DEVICE_KEY_REQUIRED, UNKNOWN_DEVICE_KEY };

/** The caller of a route declared with `allow(...)`; set before the handler runs. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('callerOf used on a route without user access');
  return request.caller;
}

export function withinScope(caller: Caller, scope: Scope): boolean {
  if (caller.role === 'superadmin') return true;
  if (caller.role === 'admin') return scope.propertyId !== null && scope.propertyId === caller.propertyId;
  if (scope.ownerUserId !== undefined) return scope.ownerUserId === caller.userId;
  return scope.propertyId !== null && scope.propertyId === caller.propertyId;
}

/** The request schemas a route declared (zod), kept so the guard-rail suites can derive inputs. */
export interface RequestSchemas {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
}

export interface DeclaredRoute {
  method: string;
  url: string;
  permission: Permission;
  schema: RequestSchemas;
}

/** The answers the enforcement point gives, so tests can tell a refusal from a handler's own 4xx. */
export const PERMISSION_REFUSALS = {
  401: [SERVER_MESSAGES.authenticationRequired, MESSAGES.sessionExpired, DEVICE_KEY_REQUIRED, UNKNOWN_DEVICE_KEY],
  403: [SERVER_MESSAGES.forbidden, SERVER_MESSAGES.secondFactorEnrolmentRequired],
  404: [MESSAGES.notFound],
} as const;

const isApiDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
const isApiRoute = (url: string) => url.startsWith('/api/') && !isApiDocs(url);

function requestSchemas(route: RouteOptions): RequestSchemas {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  return { body: schema.body, querystring: schema.querystring ?? schema.query, params: schema.params };
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
    if (access.kind === 'device') {
      readers ??= { db: app.db, now: app.config.now, deviceKeys: app.deviceKeys };
      return identifyDevice(
        readers,
        request,
        bearerToken(request.headers.authorization),
        access.readsDeviceItself === true,
      );
    }
    return identifyCaller(app, request, access);
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config?.permission;
    if (access?.kind !== 'user' || !access.scope) return;
    const scope = await access.scope(request, app);
    const caller = access.scopeReadsCaller ? await confirmCaller(app, request, access) : callerOf(request);
    const reachable = scope && (access.selfOnly ? scope.ownerUserId === caller.userId : withinScope(caller, scope));
    if (!reachable && access.selfRefusal === 403) throw new HttpError(403, SERVER_MESSAGES.forbidden);
    if (!reachable) throw new HttpError(404, MESSAGES.notFound);
  });
}
