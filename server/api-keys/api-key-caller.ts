import { API_KEY_MESSAGES, type ApiKeyScope } from '@core/api/api-keys';
import type { FastifyRequest } from 'fastify';
import { recordApiKeyUse } from '../activity/record-activity';
import type { Caller } from '../authorization/caller';
import type { PlatformDeps } from '../platform/deps';
import { HttpError } from '../platform/errors/http-error';
import { TooManyRequests } from '../platform/errors/too-many';
import { LIMITS } from '../platform/limits/limit-rules';
import { reserve } from '../platform/limits/rate-limit';
import { apiKeyHash } from './api-key-secret';
import { findLiveApiKey, type LiveApiKey, noteApiKeyUse } from './api-key-store';

/**
 * A key calls as a property manager of its own property (so every scope check of the route holds
 * it there), for the manager who made it where a route needs a person, under its own name in the
 * trail. It has no session and no second factor of its own: the key is the whole credential.
 */
function keyCaller({ key, maker, propertyFeatures }: LiveApiKey, now: Date): Caller {
  return {
    userId: maker.id,
    role: 'admin',
    propertyId: key.propertyId,
    propertyFeatures: propertyFeatures as Caller['propertyFeatures'],
    firstName: maker.firstName,
    lastName: maker.lastName,
    email: maker.email,
    phoneNumber: maker.phoneNumber,
    sessionId: key.id,
    sessionSeenAt: now,
    secondFactorEnrolled: true,
    secondFactorPassed: true,
    propertyRequiresSecondFactor: false,
    apiKey: { id: key.id, name: key.name },
  };
}

/**
 * Identifies a request carrying an API key, read from the database on every request so a revoke
 * holds on every process at once (docs/decisions/0090): 403 on a route no key reaches or without
 * the route's scope, 401 for a key revoked, expired or unknown, 429 past the key's allowance.
 * Each use is counted, noted as the key's last use and recorded in the trail.
 */
export async function identifyApiKey(
  deps: Pick<PlatformDeps, 'db' | 'config'>,
  request: FastifyRequest,
  token: string,
  routeScope: ApiKeyScope | undefined,
) {
  if (!routeScope) throw new HttpError(403, API_KEY_MESSAGES.keyNotAllowed);
  const now = deps.config.now();
  const found = await findLiveApiKey(deps.db, apiKeyHash(token), now);
  if (!found) throw new HttpError(401, API_KEY_MESSAGES.keyInvalid);
  if (!found.key.scopes.includes(routeScope)) throw new HttpError(403, API_KEY_MESSAGES.keyMissingScope(routeScope));
  const use = await reserve(deps.db, LIMITS.apiKeyUses, found.key.id, now);
  if (!use.allowed) throw new TooManyRequests(API_KEY_MESSAGES.tooManyUses, use.retryAfterSeconds);
  request.caller = keyCaller(found, now);
  await deps.db.transaction(async (tx) => {
    await noteApiKeyUse(tx, found.key.id, now, request.ip ?? null);
    await recordApiKeyUse(tx, request, {
      summary: `Called ${request.method} ${request.routeOptions.url}`,
      object: { kind: 'api-key', id: found.key.id, propertyId: found.key.propertyId },
    });
  });
}
