import { API_KEY_MESSAGES, type ApiKeyScope } from '@core/api/api-keys';
import { MESSAGES } from '@core/messages';
import { ROLES, type Role } from '@core/roles';
import type { FastifyRequest } from 'fastify';
import type { PlatformDeps } from '../platform/deps';
import { SERVER_MESSAGES } from '../platform/errors/server-messages';
import type { Caller } from './caller';
import { DEVICE_KEY_REQUIRED, UNKNOWN_DEVICE_KEY } from './device-key';

/** Whose record a request touches: its property and, for residents' own records, its owner. */
export interface Scope {
  propertyId: string | null;
  /** Set for records a resident owns (visitors, QR codes, their own account). */
  ownerUserId?: string | null;
  /** Set for records a gate reader owns (its intercom calls): only that reader reaches them. */
  deviceId?: string | null;
}

/** The app is passed as is; a resolver reads the database and settings it carries. */
export type ScopeResolver = (
  request: FastifyRequest,
  app: Pick<PlatformDeps, 'db' | 'config'>,
) => Promise<Scope | null>;

/**
 * Who may call a route, declared next to its schema. `scope` loads the record the request
 * targets; superadmin reaches any, admin their own property's, resident their own records
 * (or their own property's where the record has no owner, such as a gate).
 */
export type Permission =
  | { kind: 'public' }
  | { kind: 'device'; readsDeviceItself?: boolean }
  /**
   * A record both a gate reader and a person reach (an intercom call): a session token (a JWT,
   * with dots) is judged as for `user`, any other bearer as a device key; the scope then admits
   * the reader that owns the record (Scope.deviceId) or a caller within it.
   */
  | {
      kind: 'deviceOrUser';
      roles: readonly Role[];
      scope?: ScopeResolver;
      selfOnly?: undefined;
      selfRefusal?: undefined;
      scopeReadsCaller?: undefined;
      duringEnrolment?: undefined;
    }
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
      /** The API key scope that also reaches this route (withApiKeyScope); none: no key does. */
      apiKeyScope?: ApiKeyScope;
    };

export const publicPermission: Permission = { kind: 'public' };
export const devicePermission: Permission = { kind: 'device' };
/**
 * A gate reader's hot route whose own query reads the device by `request.deviceKey.hash` and
 * calls refuseUnknownDeviceKey when none matches: the key is first checked against the keys
 * this process saw valid, saving a query.
 */
export const deviceReadInRoutePermission: Permission = { kind: 'device', readsDeviceItself: true };
/** A record a gate reader and signed-in people both reach (see Permission `deviceOrUser`). */
export function allowReaderOr(roles: readonly Role[], scope?: ScopeResolver): Permission {
  return { kind: 'deviceOrUser', roles, scope };
}

/** A session token is a JWT (three dot-separated parts); a device key is one base64url word. */
export const isSessionToken = (token: string | null) => token?.includes('.') === true;

export function allow(roles: readonly Role[], scope?: ScopeResolver): Permission {
  return { kind: 'user', roles, scope };
}

/**
 * A user route an API key of the property also reaches, with this scope; the key is held to its
 * property by the route's own scope check (it calls as a manager of that property).
 */
export function withApiKeyScope(permission: Permission, apiKeyScope: ApiKeyScope): Permission {
  if (permission.kind !== 'user' || !permission.roles.includes('admin'))
    throw new Error('an API key reaches only routes a property manager reaches');
  return { ...permission, apiKeyScope };
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
  401: [
    SERVER_MESSAGES.authenticationRequired,
    MESSAGES.sessionExpired,
    DEVICE_KEY_REQUIRED,
    UNKNOWN_DEVICE_KEY,
    API_KEY_MESSAGES.keyInvalid,
  ],
  403: [SERVER_MESSAGES.forbidden, SERVER_MESSAGES.secondFactorEnrolmentRequired, API_KEY_MESSAGES.keyNotAllowed],
  404: [MESSAGES.notFound],
} as const;
