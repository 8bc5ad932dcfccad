import webPush from 'web-push';
import type { VapidConfig } from '../settings/config';

/** What a browser's PushSubscription.toJSON() gives: where to send, and the keys to encrypt for. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What a push service said: delivered, or the subscription is gone for good (404/410). */
export type PushOutcome = 'sent' | 'gone';

/** Raised for an answer worth retrying; its message never holds the endpoint (a capability URL). */
export class PushServiceError extends Error {}

const TIME_TO_LIVE_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends one encrypted Web Push message (RFC 8291, VAPID). The request is built by `web-push` and
 * sent with fetch, which honours the job's abort signal (web-push's own sender speaks only https,
 * and tests run a local push service on http).
 */
export async function sendPush(
  vapid: VapidConfig,
  target: PushTarget,
  payload: string,
  signal?: AbortSignal,
): Promise<PushOutcome> {
  const request = webPush.generateRequestDetails(target, payload, {
    vapidDetails: vapid,
    TTL: TIME_TO_LIVE_SECONDS,
    urgency: 'high',
  });
  const timeout = AbortSignal.timeout(SEND_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    throw new PushServiceError(`push service unreachable (${cause})`);
  }
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) return 'gone';
  if (!response.ok) throw new PushServiceError(`push service answered ${response.status}`);
  return 'sent';
}
