import { z } from 'zod';
import { MESSAGES } from '../messages';
import { idSchema } from './common';
import { PUSH_MESSAGES } from './push-messages';

export const pushPublicKeyResponse = z.object({ publicKey: z.string() });

const base64url = (field: string, max: number) =>
  z
    .string({ error: PUSH_MESSAGES.fieldMissing(field) })
    .min(1, PUSH_MESSAGES.fieldMissing(field))
    .max(max, MESSAGES.tooLong(field, max))
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MESSAGES.notBase64url(field));

/** A browser's PushSubscription.toJSON(), as the service worker gets it from pushManager.subscribe. */
export const createPushSubscriptionRequest = z.strictObject({
  endpoint: z
    .string({ error: PUSH_MESSAGES.endpointMissing })
    .max(2000, MESSAGES.tooLong('Endpoint', 2000))
    .pipe(z.url({ protocol: /^https?$/, error: PUSH_MESSAGES.endpointNotUrl })),
  // Milliseconds since 1970, as the browser gives it; ignored (the push service answers 410 once it passes).
  expirationTime: z.number().int().min(0).max(8.64e15).nullable().optional(),
  keys: z.strictObject(
    { p256dh: base64url('p256dh key', 200), auth: base64url('auth key', 100) },
    { error: PUSH_MESSAGES.keysMissing },
  ),
});

export const pushSubscriptionCreated = z.object({ _id: z.string(), message: z.string() });

/** One of the caller's devices with notifications on, as Profile lists it; never its endpoint. */
export const pushSubscriptionSchema = z.object({
  _id: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type PushSubscriptionDto = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionsResponse = z.object({ subscriptions: z.array(pushSubscriptionSchema) });

export const pushSubscriptionParams = z.strictObject({ subscriptionId: idSchema });

/** A person keeps at most this many devices subscribed; the oldest goes when a new one comes. */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

/** What a push carries: the sentence shown and the screen a tap opens; nothing more. */
export const pushPayloadSchema = z.object({ body: z.string(), url: z.string() });
export type PushPayload = z.infer<typeof pushPayloadSchema>;
