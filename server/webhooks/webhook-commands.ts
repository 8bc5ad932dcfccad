import crypto from 'node:crypto';
import { WEBHOOK_MESSAGES, WEBHOOK_TEST_EVENT } from '@core/api/webhooks';
import type { Tx } from '../platform/db/connect';
import type { PlatformDeps } from '../platform/deps';
import { badRequest } from '../platform/errors/http-error';
import { isRefusedWebhookUrl } from './webhook-address';
import { webhookAttemptJob } from './webhook-delivery-jobs';
import { webhookBodyOf } from './webhook-fan-out';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secrets';
import {
  deleteEndpoint,
  type EndpointRow,
  insertDelivery,
  insertEndpoint,
  rotateEndpointSecret,
  updateEndpoint,
} from './webhook-store';

type Deps = Pick<PlatformDeps, 'db' | 'config' | 'jobs'>;
/** Writes the change's activity entry in its transaction. */
type Audit = (tx: Tx) => Promise<unknown>;

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/** Refuses, with the field's sentence, an address webhooks may not be sent to. */
export function checkWebhookUrl(deps: Pick<PlatformDeps, 'config'>, url: string) {
  if (isRefusedWebhookUrl(url, deps.config.allowLocalDevices)) throw badRequest(WEBHOOK_MESSAGES.urlRefused, 'url');
}

export interface EndpointFields {
  url: string;
  events: string[];
  description: string;
}

/** A new endpoint and its secret, which the caller shows once: only its sealed form is kept. */
export async function createEndpoint(
  deps: Deps,
  propertyId: string,
  fields: EndpointFields,
  audit: (tx: Tx, id: string) => Promise<unknown>,
) {
  checkWebhookUrl(deps, fields.url);
  const secret = newWebhookSecret();
  const endpoint = await deps.db.transaction(async (tx) => {
    const row = await insertEndpoint(tx, {
      propertyId,
      ...fields,
      secretSealed: sealWebhookSecret(deps.config.secret, secret),
    });
    await audit(tx, row.id);
    return row;
  });
  return { endpoint, secret };
}

/** New address, events or description; switching it on again clears its failure record. */
export async function changeEndpoint(
  deps: Deps,
  endpoint: EndpointRow,
  fields: EndpointFields & { enabled?: boolean },
  audit: Audit,
) {
  checkWebhookUrl(deps, fields.url);
  const switchedOn = fields.enabled === true && !endpoint.enabled;
  await deps.db.transaction(async (tx) => {
    await updateEndpoint(tx, endpoint.id, {
      url: fields.url,
      events: fields.events,
      description: fields.description,
      ...(fields.enabled === undefined ? {} : { enabled: fields.enabled }),
      ...(switchedOn ? { disabledAt: null, failingSince: null } : {}),
    });
    await audit(tx);
  });
}

export async function removeEndpoint(deps: Deps, endpointId: string, audit: Audit) {
  await deps.db.transaction(async (tx) => {
    await deleteEndpoint(tx, endpointId);
    await audit(tx);
  });
}

/** A new secret signs from now; the old one signs beside it for 24 hours, so receivers can switch. */
export async function rotateSecret(deps: Deps, endpointId: string, audit: Audit): Promise<string> {
  const secret = newWebhookSecret();
  const until = new Date(deps.config.now().getTime() + ROTATION_OVERLAP_MS);
  await deps.db.transaction(async (tx) => {
    await rotateEndpointSecret(tx, endpointId, sealWebhookSecret(deps.config.secret, secret), until);
    await audit(tx);
  });
  return secret;
}

/** One more attempt of a delivery now, with the same `webhook-id` ("Send again"). */
export async function sendAgain(deps: Deps, deliveryId: string, audit: Audit) {
  await deps.db.transaction(async (tx) => {
    await deps.jobs.enqueue(tx, webhookAttemptJob, { deliveryId, manual: true });
    await audit(tx);
  });
  void deps.jobs.kick();
}

/** A `webhook.test` event to this endpoint alone, delivered and retried like any other. */
export async function sendTestEvent(deps: Deps, endpoint: EndpointRow, audit: Audit): Promise<string> {
  const now = deps.config.now();
  const deliveryId = await deps.db.transaction(async (tx) => {
    const id = await insertDelivery(tx, {
      endpointId: endpoint.id,
      eventId: crypto.randomUUID(),
      eventType: WEBHOOK_TEST_EVENT,
      body: webhookBodyOf({
        type: WEBHOOK_TEST_EVENT,
        occurredAt: now.toISOString(),
        propertyId: endpoint.propertyId,
        data: { message: 'A test event from Gatehouse' },
      }),
      createdAt: now,
    });
    await deps.jobs.enqueue(tx, webhookAttemptJob, { deliveryId: id, manual: false });
    await audit(tx);
    return id;
  });
  void deps.jobs.kick();
  return deliveryId;
}
