import { errorResponse, messageResponse } from '@core/api/common';
import {
  createPushSubscriptionRequest,
  pushPublicKeyResponse,
  pushSubscriptionCreated,
  pushSubscriptionParams,
  pushSubscriptionsResponse,
} from '@core/api/push';
import { PUSH_MESSAGES } from '@core/api/push-messages';
import { ROLES } from '@core/roles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownAccount, recordActivity } from '../activity/record-activity';
import { browserLabel } from '../authorization/browser-label';
import { allow, callerOf, type Permission } from '../authorization/route-permissions';
import { badRequest, notFound } from '../platform/errors/http-error';
import { isRefusedEndpoint } from '../platform/push/push-sender';
import { listSubscriptions, removeSubscription, saveSubscription, subscriptionOwner } from './push-subscriptions';

/** A subscription reaches only its own user: anyone else, superadmins too, gets 404. */
const ownSubscription: Permission = {
  kind: 'user',
  roles: ROLES,
  selfOnly: true,
  scope: async (request, app) => {
    const { subscriptionId } = request.params as { subscriptionId: string };
    const ownerUserId = await subscriptionOwner(app.db, subscriptionId);
    return ownerUserId ? { propertyId: null, ownerUserId } : null;
  },
};

/** Web Push: the server's public key, and the caller's own subscribed devices. */
export async function pushRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/push/public-key',
    {
      config: { permission: allow(ROLES) },
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key, for pushManager.subscribe",
        response: { 200: pushPublicKeyResponse },
      },
    },
    async () => ({ publicKey: app.config.vapid.publicKey }),
  );

  api.post(
    '/api/push/subscriptions',
    {
      config: { permission: allow(ROLES), activity: 'account.push-subscribed' },
      schema: {
        tags: ['push'],
        summary: "Turn on notifications on this device: the browser's PushSubscription JSON",
        body: createPushSubscriptionRequest,
        response: { 201: pushSubscriptionCreated, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      if (isRefusedEndpoint(endpoint, { allowLocal: app.config.allowLocalDevices })) {
        const words = endpoint.startsWith('https://')
          ? PUSH_MESSAGES.endpointNotPublic
          : PUSH_MESSAGES.endpointNotHttps;
        throw badRequest(words, 'endpoint');
      }
      const label = browserLabel(request.headers['user-agent']);
      const id = await saveSubscription(
        app.db,
        app.config.secret,
        callerOf(request).userId,
        { endpoint, keys },
        label,
        // The endpoint and its keys are the browser's secrets: the trail keeps only that they changed.
        (tx, subscriptionId) =>
          recordActivity(tx, request, {
            summary: `Turned on notifications on ${label}`,
            object: ownAccount(request),
            changes: {
              pushSubscription: { before: null, after: subscriptionId },
              device: { before: null, after: label },
              pushEndpoint: { before: null, after: true },
            },
          }),
      );
      return reply.code(201).send({ _id: id, message: PUSH_MESSAGES.subscribed });
    },
  );

  api.get(
    '/api/push/subscriptions',
    {
      config: { permission: allow(ROLES) },
      schema: {
        tags: ['push'],
        summary: "The caller's devices with notifications on, newest first",
        response: { 200: pushSubscriptionsResponse },
      },
    },
    async (request) => {
      const rows = await listSubscriptions(app.db, callerOf(request).userId);
      return {
        subscriptions: rows.map((row) => ({
          _id: row.id,
          label: row.label,
          createdAt: row.createdAt.toISOString(),
          lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
        })),
      };
    },
  );

  api.delete(
    '/api/push/subscriptions/:subscriptionId',
    {
      config: { permission: ownSubscription, activity: 'account.push-unsubscribed' },
      schema: {
        tags: ['push'],
        summary: 'Turn off notifications on one of your devices',
        params: pushSubscriptionParams,
        response: { 200: messageResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { subscriptionId } = request.params;
      await app.db.transaction(async (tx) => {
        const label = await removeSubscription(tx, callerOf(request).userId, subscriptionId);
        if (label === null) throw notFound();
        await recordActivity(tx, request, {
          summary: `Turned off notifications on ${label}`,
          object: ownAccount(request),
          changes: {
            pushSubscription: { before: subscriptionId, after: null },
            device: { before: label, after: null },
          },
        });
      });
      return { message: PUSH_MESSAGES.removed };
    },
  );
}
