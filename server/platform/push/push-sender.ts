import http from 'node:http';
import https from 'node:https';
import webPush from 'web-push';
import {
  ADDRESS_REFUSED,
  checkedLookup,
  type HostResolver,
  isRefusedHost,
  plainLookup,
} from '../net/outbound-address-policy';
import type { VapidConfig } from '../settings/config';

/** What a browser's PushSubscription.toJSON() gives: where to send, and the keys to encrypt for. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What a push service said: delivered, or the subscription is gone for good (404/410). */
export type PushOutcome = 'sent' | 'gone';

/**
 * Where pushes may go: public https services only, unless local addresses are allowed
 * (ALLOW_LOCAL_DEVICES, for development and the tests' local push service). `resolve` stands in
 * for the system resolver in tests.
 */
export interface OutboundPolicy {
  allowLocal: boolean;
  resolve?: HostResolver;
}

/** Raised for an answer worth retrying; its message never holds the endpoint (a capability URL). */
export class PushServiceError extends Error {}

const TIME_TO_LIVE_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 10_000;

// One pool per policy: a socket opened without the address check is never reused by a checked push.
const agents = {
  checked: new https.Agent({ keepAlive: true }),
  unchecked: { 'https:': new https.Agent({ keepAlive: true }), 'http:': new http.Agent({ keepAlive: true }) },
};

/** True when this endpoint may never be pushed to under the policy: checked before saving and before sending. */
export function isRefusedEndpoint(endpoint: string, policy: OutboundPolicy): boolean {
  if (policy.allowLocal) return false;
  const url = new URL(endpoint);
  return url.protocol !== 'https:' || isRefusedHost(url.hostname, 'internet');
}

/**
 * Sends one encrypted Web Push message (RFC 8291, VAPID). The request is built by `web-push`; it
 * goes only to an address the outbound policy allows, as resolved for this very connection
 * (docs/decisions/0063), and a redirect is never followed: a 3xx is a failed delivery.
 */
export async function sendPush(
  vapid: VapidConfig,
  target: PushTarget,
  payload: string,
  options: { policy: OutboundPolicy; signal?: AbortSignal },
): Promise<PushOutcome> {
  const request = webPush.generateRequestDetails(target, payload, {
    vapidDetails: vapid,
    TTL: TIME_TO_LIVE_SECONDS,
    urgency: 'high',
  });
  if (isRefusedEndpoint(request.endpoint, options.policy)) {
    throw new PushServiceError('push endpoint refused: not a public https address');
  }
  const timeout = AbortSignal.timeout(SEND_TIMEOUT_MS);
  const status = await post(
    request,
    options.policy,
    options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  );
  if (status === 404 || status === 410) return 'gone';
  if (status >= 300 && status < 400)
    throw new PushServiceError(`push service answered ${status}, a redirect (not followed)`);
  if (status < 200 || status >= 300) throw new PushServiceError(`push service answered ${status}`);
  return 'sent';
}

/** One POST to the endpoint, resolving to the answer's status; the body is discarded. */
function post(
  request: ReturnType<typeof webPush.generateRequestDetails>,
  policy: OutboundPolicy,
  signal: AbortSignal,
): Promise<number> {
  const url = new URL(request.endpoint);
  const protocol = url.protocol as 'https:' | 'http:';
  return new Promise((resolve, reject) => {
    const req = (protocol === 'https:' ? https : http).request(url, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      agent: policy.allowLocal ? agents.unchecked[protocol] : agents.checked,
      lookup: policy.allowLocal ? plainLookup(policy.resolve) : checkedLookup('internet', policy.resolve),
      signal,
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      const refused = error.code === ADDRESS_REFUSED;
      reject(
        new PushServiceError(
          refused
            ? 'push endpoint refused: its name resolves to a local or private address'
            : `push service unreachable (${error.code ?? error.name})`,
        ),
      );
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.end(request.body);
  });
}
