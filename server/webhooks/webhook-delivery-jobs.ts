import { z } from 'zod';
import { managersOf } from '../accounts/property-managers';
import { jobKind, type RunningJob } from '../platform/jobs/job-kind';
import type { JobQueue } from '../platform/jobs/job-queue';
import { type NotificationContext, sendOptionsOf, skipped } from '../platform/jobs/notification-context';
import { findProperty } from '../property-records/property-queries';
import { nextAttemptAfter, SWITCH_OFF_AFTER_MS } from './webhook-retry';
import { openWebhookSecret, signatureHeader } from './webhook-secrets';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from './webhook-sender';
import {
  deliveryWithEndpoint,
  type EndpointRow,
  findEndpoint,
  finishAttempt,
  noteEndpointFailure,
  setDeliveryState,
  startAttempt,
  switchOffFailingEndpoint,
  updateEndpoint,
  webhookIdOf,
} from './webhook-store';

/**
 * One attempt of a delivery. A failed automatic attempt queues the next one at its wait
 * (webhook-retry.ts) in the transaction that records it; `manual` ("Send again") makes one
 * attempt and queues none.
 */
export const webhookAttemptJob = jobKind(
  'webhook-attempt',
  z.strictObject({ deliveryId: z.uuid(), manual: z.boolean() }),
  { lane: 'webhooks' },
);

/** Tells a manager their endpoint was switched off after failing for 5 days. */
export const webhookSwitchedOffJob = jobKind(
  'webhook-switched-off',
  z.strictObject({ managerId: z.uuid(), email: z.email(), endpointId: z.uuid() }),
);

export interface WebhookContext extends NotificationContext {
  /** How long an attempt may take: 10 s, shorter in tests of a receiver that never answers. */
  webhookTimeoutMs?: number;
}

/** The secrets that sign now: the current one, and the previous one during a rotation's 24 hours. */
function signingSecrets(context: WebhookContext, endpoint: EndpointRow, now: Date): string[] {
  const current = openWebhookSecret(context.secret, endpoint.secretSealed);
  const previousSigns =
    endpoint.previousSecretSealed && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now;
  return previousSigns ? [current, openWebhookSecret(context.secret, endpoint.previousSecretSealed!)] : [current];
}

async function attempt(
  queue: JobQueue,
  context: WebhookContext,
  payload: { deliveryId: string; manual: boolean },
  running: RunningJob,
) {
  const found = await deliveryWithEndpoint(context.db, payload.deliveryId);
  if (!found) return skipped(context, running, webhookAttemptJob.name, 'the endpoint or delivery is gone');
  const { delivery, endpoint } = found;
  if (!endpoint.enabled && !payload.manual)
    return skipped(context, running, webhookAttemptJob.name, 'the endpoint is switched off');
  const startedAt = context.now();
  const number = await context.db.transaction((tx) => startAttempt(tx, delivery.id, payload.manual, startedAt));
  if (number === null) return skipped(context, running, webhookAttemptJob.name, 'the delivery is settled');

  const webhookId = webhookIdOf(delivery.id);
  const timestamp = Math.floor(startedAt.getTime() / 1000);
  const body = JSON.stringify(delivery.body);
  const began = performance.now();
  const result = await postWebhook(
    {
      url: endpoint.url,
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Gatehouse-Webhooks/1',
        'webhook-id': webhookId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(signingSecrets(context, endpoint, startedAt), webhookId, timestamp, body),
      },
    },
    {
      allowLocal: context.outbound.allowLocal,
      resolve: context.outbound.resolve,
      timeoutMs: context.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
      signal: running.signal,
    },
  );
  const durationMs = Math.round(performance.now() - began);
  const finishedAt = context.now();

  const switchedOff = await context.db.transaction(async (tx) => {
    await finishAttempt(tx, { deliveryId: delivery.id, attempt: number, durationMs, ...result });
    if (result.ok) {
      await setDeliveryState(tx, delivery.id, { status: 'succeeded', nextAttemptAt: null });
      await updateEndpoint(tx, endpoint.id, { failingSince: null });
      return false;
    }
    if (!payload.manual) {
      const next = nextAttemptAfter(number, finishedAt);
      await setDeliveryState(
        tx,
        delivery.id,
        next ? { nextAttemptAt: next } : { status: 'failed', nextAttemptAt: null },
      );
      if (next) await queue.enqueue(tx, webhookAttemptJob, { deliveryId: delivery.id, manual: false }, next);
    }
    const failingSince = await noteEndpointFailure(tx, endpoint.id, finishedAt);
    if (finishedAt.getTime() - failingSince.getTime() < SWITCH_OFF_AFTER_MS) return false;
    if (!(await switchOffFailingEndpoint(tx, endpoint.id, finishedAt))) return false;
    const managers = await managersOf(tx, endpoint.propertyId);
    await queue.enqueueMany(
      tx,
      webhookSwitchedOffJob,
      managers.map((manager) => ({ managerId: manager.id, email: manager.email, endpointId: endpoint.id })),
    );
    return managers.length > 0;
  });
  if (switchedOff) void queue.kick();
}

async function tellSwitchedOff(
  context: NotificationContext,
  payload: z.output<typeof webhookSwitchedOffJob.payload>,
  running: RunningJob,
) {
  const endpoint = await findEndpoint(context.db, payload.endpointId);
  if (!endpoint || endpoint.enabled)
    return skipped(context, running, webhookSwitchedOffJob.name, 'the endpoint is gone or back on');
  const property = await findProperty(context.db, endpoint.propertyId);
  const at = property ? ` of ${property.propertyName}` : '';
  await context.sendMail(
    {
      to: payload.email,
      subject: `Webhook endpoint switched off${at}`,
      text:
        `Every delivery to ${endpoint.url}${at} has failed for 5 days, so Gatehouse stopped sending to it. ` +
        'Fix the receiver, then switch the endpoint back on under Integrations; the delivery log shows what it answered.',
    },
    sendOptionsOf(running),
  );
}

export function registerWebhookJobs(queue: JobQueue, context: WebhookContext) {
  queue.register(webhookAttemptJob, (payload, running) => attempt(queue, context, payload, running));
  queue.register(webhookSwitchedOffJob, (payload, running) => tellSwitchedOff(context, payload, running));
}
