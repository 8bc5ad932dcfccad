import { API_KEY_PREFIX, type ApiKeyScope } from '@core/api/api-keys';
import { pausedAccessSentence } from '@core/api/paused-access';
import { signedOutBecause } from '@core/api/session-end';
import { SUSPENSION_MESSAGES } from '@core/api/suspension';
import type { PropertyFeature } from '@core/constants';
import { MESSAGES } from '@core/messages';
import type { Role } from '@core/roles';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { accountRowColumns, accountRows } from '../accounts/account-rows';
import type { Orm } from '../platform/db/connect';
import { preparedPerDatabase } from '../platform/db/prepared-per-database';
import type { PlatformDeps } from '../platform/deps';
import { HttpError } from '../platform/errors/http-error';
import { SERVER_MESSAGES } from '../platform/errors/server-messages';
import { propertyRows } from '../property-records/property-rows';
import { propertyOfAccount } from './account-and-property';
import { mustEnrolSecondFactor } from './enrolment-rule';
import { pauseFactsOf } from './pause-facts';
import { sessionEndReason, touchSession } from './session-queries';
import { sessions } from './session-tables';
import type { TokenService } from './tokens';

/*
 * The one way a signed-in caller is identified: bearer token (signature and expiry) → its live
 * session → the user → role → property scope, all read from the database on every call, so an
 * ended session or a changed role is refused by every process at once. Nothing is cached.
 */

export const hasPasskey = () => sql<boolean>`exists (select 1 from passkeys where passkeys.user_id = users.id)`;

/** The signed-in user a request acts for, as the database knows them now, and their session. */
export interface Caller {
  userId: string;
  role: Role;
  propertyId: string | null;
  propertyFeatures: PropertyFeature[];
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  sessionId: string;
  sessionSeenAt: Date;
  /** Whether the user has a second factor (an authenticator app or a passkey). */
  secondFactorEnrolled: boolean;
  /** Whether this session passed the second factor (signed in with it, or enrolled one in it). */
  secondFactorPassed: boolean;
  /** Whether the user's property requires its managers to have one. */
  propertyRequiresSecondFactor: boolean;
  /** Set when an API key calls: the key acts, for its maker, within its property (server/api-keys/). */
  apiKey?: { id: string; name: string };
}

/**
 * The columns a Caller is read from, in a read from accountRows (whose name, `users`, is also the
 * table's: a read from the table itself can select them too); `propertyFeatures` is that column of
 * the user's property, joined, and the session columns come from a join on liveSessionOfUser.
 */
export function callerColumns<
  Features extends AnyPgColumn<{ data: string[] }>,
  Requires extends AnyPgColumn<{ data: boolean }>,
>(property: { propertyFeatures: Features; managersNeedSecondFactor: Requires }) {
  // The table's own columns: they render as accountRows' (same name) and map a row without its proxies.
  const account = accountRowColumns;
  return {
    userId: account.id,
    role: account.role,
    propertyId: account.propertyId,
    propertyFeatures: property.propertyFeatures,
    propertyRequiresSecondFactor: property.managersNeedSecondFactor,
    secondFactorEnrolled: sql<boolean>`(${account.totpSecretSealed} is not null or ${hasPasskey()})`,
    secondFactorPassed: sql<boolean>`(${sessions.secondFactorAt} is not null)`,
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    phoneNumber: account.phoneNumber,
    sessionId: sessions.id,
    sessionSeenAt: sessions.lastSeenAt,
    hasPassword: account.passwordHash,
  };
}

/** The join condition to the token's session (placeholder `sessionId`), only while it has not ended. */
export function liveSessionOfUser(): SQL | undefined {
  return and(
    eq(sessions.id, sql.placeholder('sessionId')),
    eq(sessions.userId, accountRows.id),
    isNull(sessions.endedAt),
  );
}

type CallerRow = Omit<Caller, 'propertyFeatures' | 'sessionId' | 'sessionSeenAt' | 'propertyRequiresSecondFactor'> & {
  propertyFeatures: string[] | null;
  propertyRequiresSecondFactor: boolean | null;
  hasPassword: string | null;
  sessionId: string | null;
  sessionSeenAt: Date | null;
};

/**
 * The caller a row of callerColumns stands for; null without a live session or a password, and for
 * a session from the password alone of a user who has a second factor (one started while they were
 * enrolling elsewhere): a second factor is proven per session, never inherited.
 */
export function callerOfRow(row: CallerRow | null | undefined): Caller | null {
  if (!row?.hasPassword || !row.sessionId || !row.sessionSeenAt) return null;
  if (row.secondFactorEnrolled && !row.secondFactorPassed) return null;
  const { hasPassword: _ignored, propertyFeatures, propertyRequiresSecondFactor, ...caller } = row;
  return {
    ...caller,
    sessionId: row.sessionId,
    sessionSeenAt: row.sessionSeenAt,
    propertyRequiresSecondFactor: propertyRequiresSecondFactor === true,
    propertyFeatures: (propertyFeatures ?? []) as PropertyFeature[],
  };
}

const callerBySession = preparedPerDatabase((db: Orm) =>
  db
    .select(callerColumns(propertyRows))
    .from(accountRows)
    .leftJoin(propertyRows, propertyOfAccount)
    .leftJoin(sessions, liveSessionOfUser())
    .where(eq(accountRows.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('caller_by_session'),
);

export async function findCaller(db: Orm, userId: string, sessionId: string): Promise<Caller | null> {
  const [row] = await callerBySession(db).execute({ userId, sessionId });
  return callerOfRow(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who a token says it is, signature and expiry checked but nothing read: null when forged or expired. */
async function claimsOf(tokens: TokenService, token: string): Promise<ClaimedCaller | null> {
  const claims = await tokens.verify(token);
  if (!claims || !UUID.test(claims.UID) || !UUID.test(claims.sid)) return null;
  return { userId: claims.UID, sessionId: claims.sid, role: claims.role };
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** The identity a verified token claims; on a scopeReadsCaller route, all that is known before its scope query. */
export interface ClaimedCaller {
  userId: string;
  sessionId: string;
  role: Role;
}

/** What a user route declares about its callers (see Permission in server/authorization/route-permissions.ts). */
export interface CallerRule {
  roles: readonly Role[];
  /** The one API key scope that reaches this route; none: API keys are refused here. */
  apiKeyScope?: ApiKeyScope;
  /** The route's scope query reads the caller itself (loadGateScope): identify from the token, confirm after. */
  scopeReadsCaller?: boolean;
  duringEnrolment?: boolean;
}

/**
 * Identifies a request carrying an API key, setting `request.caller` (server/api-keys/, wired by
 * the app so that this folder knows no domain).
 */
export type IdentifyApiKey = (
  deps: Pick<PlatformDeps, 'config' | 'db'>,
  request: FastifyRequest,
  key: string,
  routeScope: ApiKeyScope | undefined,
) => Promise<void>;

/** What identifying a caller reads: the session token service, API keys, the database and the clock. */
export type CallerDeps = Pick<PlatformDeps, 'config' | 'db'> & { tokens: TokenService; identifyApiKey: IdentifyApiKey };

function admit(config: PlatformDeps['config'], caller: Caller, rule: CallerRule): Caller {
  if (!rule.roles.includes(caller.role)) throw new HttpError(403, SERVER_MESSAGES.forbidden);
  if (!rule.duringEnrolment && mustEnrolSecondFactor(config, caller)) {
    throw new HttpError(403, SERVER_MESSAGES.secondFactorEnrolmentRequired);
  }
  return caller;
}

/**
 * 401 for a token whose session is gone, read only then (never on a valid request). When the
 * person's access is paused (suspended, or outside their dates), or the session was ended from
 * elsewhere (password changed, another device), the answer says why for the sign-in page to show.
 * The token is signed, so this is told only to the session's own holder.
 */
async function sessionEnded(deps: CallerDeps, claimed: ClaimedCaller) {
  const [facts, reason] = await Promise.all([
    pauseFactsOf(deps.db, claimed.userId),
    sessionEndReason(deps.db, claimed.userId, claimed.sessionId),
  ]);
  const paused = facts && pausedAccessSentence(facts, deps.config.now());
  const why = paused ? SUSPENSION_MESSAGES.signedOut(paused) : signedOutBecause(reason);
  return new HttpError(401, MESSAGES.sessionExpired, undefined, why ? { signedOutBecause: why } : undefined);
}

/**
 * Before the body is read: 401 without a token or without a live session, 403 for a role the
 * route does not allow or a second factor still to enrol. On a scopeReadsCaller route only the
 * token is checked here (no query): its scope query reads the caller and confirmCaller judges them.
 */
export async function identifyCaller(deps: CallerDeps, request: FastifyRequest, rule: CallerRule) {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new HttpError(401, SERVER_MESSAGES.authenticationRequired);
  if (token.startsWith(API_KEY_PREFIX)) return deps.identifyApiKey(deps, request, token, rule.apiKeyScope);
  const claimed = await claimsOf(deps.tokens, token);
  if (!claimed) throw new HttpError(401, MESSAGES.sessionExpired);
  if (rule.scopeReadsCaller) {
    if (!rule.roles.includes(claimed.role)) throw new HttpError(403, SERVER_MESSAGES.forbidden);
    request.claimedCaller = claimed;
    return;
  }
  const caller = await findCaller(deps.db, claimed.userId, claimed.sessionId);
  if (!caller) throw await sessionEnded(deps, claimed);
  request.caller = admit(deps.config, caller, rule);
  await touchSession(deps.db, caller.sessionId, caller.sessionSeenAt, deps.config.now());
}

/** The token's identity on a scopeReadsCaller route, for its scope query. */
export function claimedCallerOf(request: FastifyRequest): ClaimedCaller {
  const claimed = request.claimedCaller ?? request.caller;
  if (!claimed) throw new Error('claimedCallerOf used on a route without user access');
  return claimed;
}

/** For the scope resolver of a scopeReadsCaller route: the caller its query read. */
export function noteCurrentCaller(request: FastifyRequest, caller: Caller | null) {
  request.currentCaller = caller;
}

/**
 * After the scope query of a scopeReadsCaller route: the caller it read must be the token's, with
 * a live session (else 401), an allowed role and no second factor still to enrol (else 403).
 */
export async function confirmCaller(deps: CallerDeps, request: FastifyRequest, rule: CallerRule) {
  // A key was judged whole before the body was read; its scope query finds no session of its own.
  if (request.caller?.apiKey) return request.caller;
  const claimed = request.claimedCaller;
  const current = request.currentCaller;
  if (!claimed || current === undefined) throw new Error('a scopeReadsCaller scope must call noteCurrentCaller');
  if (!current || current.userId !== claimed.userId || current.sessionId !== claimed.sessionId) {
    throw await sessionEnded(deps, claimed);
  }
  request.caller = admit(deps.config, current, rule);
  await touchSession(deps.db, current.sessionId, current.sessionSeenAt, deps.config.now());
  return current;
}
