import {
  API_KEY_MESSAGES,
  apiKeyParams,
  apiKeysResponse,
  createApiKeyBody,
  createdApiKeyResponse,
  propertyApiKeysParams,
} from '@core/api/api-keys';
import { errorResponse, messageResponse } from '@core/api/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { created, removed } from '../activity/activity-changes';
import { recordActivity } from '../activity/record-activity';
import { allowInPropertyOfPath } from '../authorization/property-in-path';
import { allow, callerOf } from '../authorization/route-permissions';
import { badRequest, notFound } from '../platform/errors/http-error';
import { createApiKey, revokeApiKeyRecorded } from './api-key-commands';
import { apiKeyPropertyOf, listApiKeys } from './api-key-store';

const MANAGERS = ['superadmin', 'admin'] as const;
const keyInPath = allow(MANAGERS, async (request, app) => {
  const propertyId = await apiKeyPropertyOf(app.db, (request.params as { keyId?: string }).keyId);
  return propertyId ? { propertyId } : null;
});

const keyFields = (key: { name: string; scopes: string[]; expiresAt: Date | null }) => ({
  name: key.name,
  scopes: key.scopes,
  expiresAt: key.expiresAt?.toISOString() ?? null,
});

/** A property's API keys (issue 44): list, create (the key shown once), revoke. Keys reach none of these. */
export async function apiKeyRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['integrations'];

  api.get(
    '/api/properties/:propertyId/api-keys',
    {
      config: { permission: allowInPropertyOfPath(MANAGERS), activity: null },
      schema: {
        tags,
        summary: "A property's API keys with their scopes and last use (never the keys themselves)",
        params: propertyApiKeysParams,
        response: { 200: apiKeysResponse, 404: errorResponse },
      },
    },
    async (request) => ({ apiKeys: await listApiKeys(app.db, request.params.propertyId) }),
  );

  api.post(
    '/api/properties/:propertyId/api-keys',
    {
      config: { permission: allowInPropertyOfPath(MANAGERS), activity: 'api-key.create' },
      schema: {
        tags,
        summary: 'Create an API key; the answer holds the key, shown this once',
        params: propertyApiKeysParams,
        body: createApiKeyBody,
        response: { 201: createdApiKeyResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { propertyId } = request.params;
      const expiresAt = request.body.expiresAt ? new Date(request.body.expiresAt) : null;
      if (expiresAt && expiresAt <= app.config.now()) throw badRequest(API_KEY_MESSAGES.expiryPast, 'expiresAt');
      const input = { ...request.body, propertyId, createdBy: callerOf(request).userId, expiresAt };
      const made = await createApiKey(app, input, (tx, key) =>
        recordActivity(tx, request, {
          summary: `Created API key '${key.name}'`,
          object: { kind: 'api-key', id: key.id, propertyId },
          changes: created(keyFields(key)),
        }),
      );
      reply.status(201);
      return { _id: made.id, key: made.key };
    },
  );

  api.delete(
    '/api/api-keys/:keyId',
    {
      config: { permission: keyInPath, activity: 'api-key.revoke' },
      schema: {
        tags,
        summary: 'Revoke an API key: every process refuses it from the next request on',
        params: apiKeyParams,
        response: { 200: messageResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const revoked = await revokeApiKeyRecorded(app, request.params.keyId, app.config.now(), (tx, key) =>
        recordActivity(tx, request, {
          summary: `Revoked API key '${key.name}'`,
          object: { kind: 'api-key', id: key.id, propertyId: key.propertyId },
          changes: removed(keyFields(key)),
        }),
      );
      if (!revoked) throw notFound(API_KEY_MESSAGES.notFound);
      return { message: API_KEY_MESSAGES.revoked };
    },
  );
}
