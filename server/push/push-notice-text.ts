import type { PushPayload } from '@core/api/push';
import { z } from 'zod';
import type { Queryable } from '../platform/db/connect';

/** What happened, by reference: the sentence is written from the rows when the push is sent. */
export const pushNotice = z.discriminatedUnion('event', [
  z.strictObject({ event: z.literal('visitor-arrived'), qrCodeId: z.uuid(), deviceId: z.uuid() }),
  z.strictObject({ event: z.literal('delivery-used'), passId: z.uuid(), deviceId: z.uuid() }),
  z.strictObject({ event: z.enum(['device-offline', 'device-online']), deviceId: z.uuid() }),
  z.strictObject({ event: z.literal('gate-failed'), deviceId: z.uuid() }),
  z.strictObject({ event: z.literal('keypad-locked'), deviceId: z.uuid() }),
  z.strictObject({ event: z.enum(['lockdown-started', 'lockdown-ended']), lockdownId: z.uuid() }),
  z.strictObject({ event: z.literal('intercom-call'), callId: z.uuid() }),
]);
export type PushNotice = z.output<typeof pushNotice>;

/** Writes one kind of notice: the sentence and the screen a tap opens; null when what it is about is gone. */
export type PushRenderer<N extends PushNotice = PushNotice> = (db: Queryable, notice: N) => Promise<PushPayload | null>;

/**
 * A writer for every event, each from the domain that owns what the event is about (given by the
 * app's wiring: push sits below the domains whose rows the sentences name).
 */
export type PushRenderers = { [E in PushNotice['event']]: PushRenderer<Extract<PushNotice, { event: E }>> };

export function renderNotice(renderers: PushRenderers, db: Queryable, notice: PushNotice) {
  return (renderers[notice.event] as PushRenderer)(db, notice);
}
