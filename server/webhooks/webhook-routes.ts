import { errorResponse } from '@core/api/common';
import {
  createWebhookRequest,
  propertyWebhooksParams,
  updateWebhookRequest,
  WEBHOOK_MESSAGES,
  webhookCreatedResponse,
  webhookDeliveriesResponse,
  webhookDeliveryParams,
  webhookIdParams,
  webhookQueuedResponse,
  webhookResponse,
  webhookSecretResponse,
  webhooksResponse,
} from '@core/api/webhooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changesBetween, created, removed } from '../activity/activity-changes';
import { recordActivity } from '../activity/record-activity';
import { allowInPropertyOfPath } from '../authorization/property-in-path';
import { allow } from '../authorization/route-permissions';
import type { Tx } from '../platform/db/connect';
import { notFound } from '../platform/errors/http-error';
import {
  changeEndpoint,
  createEndpoint,
  removeEndpoint,
  rotateSecret,
  sendAgain,
  sendTestEvent,
} from './webhook-commands';
import {
  deliveryLogOf,
  type EndpointRow,
  endpointsOf,
  findDelivery,
  findEndpoint,
  webhookDtoOf,
} from './webhook-store';

const MANAGERS = ['superadmin', 'admin'] as const;
const propertyInPath = allowInPropertyOfPath(MANAGERS);
const webhookInPath = allow(MANAGERS, async (request, app) => {
  const endpoint = await findEndpoint(app.db, (request.params as { webhookId: string }).webhookId);
  return endpoint ? { propertyId: endpoint.propertyId } : null;
});

/** Webhook endpoints of a property (issue 44.1): managers of the property and super administrators. */
export async function webhookRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];

  const endpointOf = async (request: FastifyRequest): Promise<EndpointRow> => {
    const endpoint = await findEndpoint(app.db, (request.params as { webhookId: string }).webhookId);
    if (!endpoint) throw notFound(WEBHOOK_MESSAGES.notFound);
    return endpoint;
  };
  const audit =
    (request: FastifyRequest, endpoint: Pick<EndpointRow, 'id' | 'propertyId'>, summary: string, changes = {}) =>
    (tx: Tx) =>
      recordActivity(tx, request, {
        summary,
        object: { kind: 'webhook', id: endpoint.id, propertyId: endpoint.propertyId },
        changes,
      });

  api.get(
    '/api/properties/:propertyId/webhooks',
    {
      config: { permission: propertyInPath },
      schema: {
        tags,
        summary: "A property's webhook endpoints",
        params: propertyWebhooksParams,
        response: { 200: webhooksResponse },
      },
    },
    async (request) => ({ webhooks: (await endpointsOf(app.db, request.params.propertyId)).map(webhookDtoOf) }),
  );

  api.post(
    '/api/properties/:propertyId/webhooks',
    {
      config: { permission: propertyInPath, activity: 'webhook.create' },
      schema: {
        tags,
        summary: 'Add a webhook endpoint; its signing secret is in this answer only',
        params: propertyWebhooksParams,
        body: createWebhookRequest,
        response: { 201: webhookCreatedResponse, 400: errorResponse },
      },
    },
    async (request, reply) => {
      const { propertyId } = request.params;
      const { endpoint, secret } = await createEndpoint(app, propertyId, request.body, (tx, id) =>
        audit(
          request,
          { id, propertyId },
          `Added webhook endpoint ${request.body.url}`,
          created({ ...request.body }),
        )(tx),
      );
      reply.status(201);
      return { message: WEBHOOK_MESSAGES.created, _id: endpoint.id, secret };
    },
  );

  api.put(
    '/api/webhooks/:webhookId',
    {
      config: { permission: webhookInPath, activity: 'webhook.update' },
      schema: {
        tags,
        summary: "Change a webhook endpoint's address, events or description, or switch it on or off",
        params: webhookIdParams,
        body: updateWebhookRequest,
        response: { 200: webhookResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const endpoint = await endpointOf(request);
      const changes = changesBetween(
        { url: endpoint.url, events: endpoint.events, description: endpoint.description, enabled: endpoint.enabled },
        request.body,
      );
      await changeEndpoint(
        app,
        endpoint,
        request.body,
        audit(request, endpoint, `Updated webhook endpoint ${request.body.url}`, changes),
      );
      return { message: WEBHOOK_MESSAGES.updated, webhook: webhookDtoOf((await findEndpoint(app.db, endpoint.id))!) };
    },
  );

  api.delete(
    '/api/webhooks/:webhookId',
    {
      config: { permission: webhookInPath, activity: 'webhook.delete' },
      schema: {
        tags,
        summary: 'Remove a webhook endpoint and its delivery log',
        params: webhookIdParams,
        response: { 200: webhookQueuedResponse.pick({ message: true }), 404: errorResponse },
      },
    },
    async (request) => {
      const endpoint = await endpointOf(request);
      await removeEndpoint(
        app,
        endpoint.id,
        audit(request, endpoint, `Removed webhook endpoint ${endpoint.url}`, removed({ url: endpoint.url })),
      );
      return { message: WEBHOOK_MESSAGES.removed };
    },
  );

  api.get(
    '/api/webhooks/:webhookId/deliveries',
    {
      config: { permission: webhookInPath },
      schema: {
        tags,
        summary: "A webhook endpoint's latest deliveries, each with its attempts",
        params: webhookIdParams,
        response: { 200: webhookDeliveriesResponse, 404: errorResponse },
      },
    },
    async (request) => ({ deliveries: await deliveryLogOf(app.db, (await endpointOf(request)).id) }),
  );

  api.post(
    '/api/webhooks/:webhookId/deliveries/:deliveryId/retry',
    {
      config: { permission: webhookInPath, activity: 'webhook.send' },
      schema: {
        tags,
        summary: 'Send a delivery again now, with the same webhook-id',
        params: webhookDeliveryParams,
        response: { 202: webhookQueuedResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const endpoint = await endpointOf(request);
      const delivery = await findDelivery(app.db, endpoint.id, request.params.deliveryId);
      if (!delivery) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      await sendAgain(
        app,
        delivery.id,
        audit(request, endpoint, `Sent ${delivery.eventType} again to ${endpoint.url}`),
      );
      reply.status(202);
      return { message: WEBHOOK_MESSAGES.sendingAgain, deliveryId: delivery.id };
    },
  );

  api.post(
    '/api/webhooks/:webhookId/test',
    {
      config: { permission: webhookInPath, activity: 'webhook.send' },
      schema: {
        tags,
        summary: 'Send a webhook.test event to this endpoint',
        params: webhookIdParams,
        response: { 202: webhookQueuedResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const endpoint = await endpointOf(request);
      const deliveryId = await sendTestEvent(
        app,
        endpoint,
        audit(request, endpoint, `Sent a test event to ${endpoint.url}`),
      );
      reply.status(202);
      return { message: WEBHOOK_MESSAGES.testQueued, deliveryId };
    },
  );

  api.post(
    '/api/webhooks/:webhookId/rotate-secret',
    {
      config: { permission: webhookInPath, activity: 'webhook.rotate-secret' },
      schema: {
        tags,
        summary: 'A new signing secret, shown once; the old one signs beside it for 24 hours',
        params: webhookIdParams,
        response: { 200: webhookSecretResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const endpoint = await endpointOf(request);
      const secret = await rotateSecret(
        app,
        endpoint.id,
        audit(request, endpoint, `Rotated the secret of webhook endpoint ${endpoint.url}`, {
          secret: { before: 'changed', after: 'changed' },
        }),
      );
      return { message: WEBHOOK_MESSAGES.rotated, secret };
    },
  );
}
