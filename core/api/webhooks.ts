import { z } from 'zod';
import { boundedText } from '../validation/visible-text';
import { whenMissing } from '../validation/when-missing';
import { idSchema } from './common';

/** The events an endpoint may ask for (issue 44). */
export const WEBHOOK_EVENT_TYPES = [
  'gate.opened',
  'gate.refused',
  'visitor.arrived',
  'visitor.created',
  'lockdown.started',
  'lockdown.ended',
  'device.offline',
  'device.online',
  'person.suspended',
  'person.resumed',
  'hold.started',
  'hold.ended',
  'intercom.call',
] as const;

/** The event "Send test event" delivers; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Endpoint URL is required',
  urlInvalid: 'Endpoint URL must be a full address such as https://example.com/hooks/gatehouse',
  urlRefused:
    'Endpoint URL must be a public https address: local, private, link-local and metadata addresses are refused',
  eventsRequired: 'Choose at least one event',
  eventUnknown: 'Choose events from the list',
  created: 'Endpoint added. Copy the signing secret now: it is shown only once.',
  updated: 'Endpoint updated',
  removed: 'Endpoint removed',
  rotated: 'Signing secret rotated. The old secret keeps signing for 24 hours.',
  sendingAgain: 'Sending again',
  testQueued: 'Test event queued',
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
} as const;

const url = z
  .string({ error: whenMissing(WEBHOOK_MESSAGES.urlRequired) })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(2000, 'Endpoint URL must be at most 2000 characters')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), WEBHOOK_MESSAGES.urlInvalid);
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventUnknown }), {
    error: whenMissing(WEBHOOK_MESSAGES.eventsRequired),
  })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);
const description = boundedText('Description', 200);

export const propertyWebhooksParams = z.strictObject({ propertyId: idSchema });
export const webhookIdParams = z.strictObject({ webhookId: idSchema });
export const webhookDeliveryParams = z.strictObject({ webhookId: idSchema, deliveryId: idSchema });

/** POST /api/properties/:propertyId/webhooks */
export const createWebhookRequest = z.strictObject({ url, events, description: description.default('') });
/** PUT /api/webhooks/:webhookId: the whole endpoint; `enabled` switches a stopped one back on. */
export const updateWebhookRequest = z.strictObject({
  url,
  events,
  description: description.default(''),
  enabled: z.boolean().optional(),
});

export const webhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Since when every delivery failed (null: the last one worked). */
  failingSince: z.string().nullable(),
  /** When it was switched off after failing for 5 days. */
  disabledAt: z.string().nullable(),
  /** Until when the previous secret still signs (a rotation's 24 hours). */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDto = z.infer<typeof webhookSchema>;
export const webhooksResponse = z.object({ webhooks: z.array(webhookSchema) });
export const webhookResponse = z.object({ message: z.string(), webhook: webhookSchema });
/** The secret is in this answer only. */
export const webhookCreatedResponse = z.object({ message: z.string(), _id: z.string(), secret: z.string() });
export const webhookSecretResponse = z.object({ message: z.string(), secret: z.string() });

export const webhookAttemptSchema = z.object({
  attempt: z.number(),
  at: z.string(),
  /** The receiver's status code; null when none came (refused, timed out, unreachable). */
  statusCode: z.number().nullable(),
  durationMs: z.number().nullable(),
  /** The first bytes of the answer, or why there was none. */
  response: z.string(),
});
export const webhookDeliverySchema = z.object({
  _id: z.string(),
  /** The `webhook-id` header, the same on every attempt. */
  webhookId: z.string(),
  event: z.string(),
  createdAt: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponse = z.object({ deliveries: z.array(webhookDeliverySchema) });
export const webhookQueuedResponse = z.object({ message: z.string(), deliveryId: z.string() });
