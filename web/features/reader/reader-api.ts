import type { EntryAnswer, ReaderIdentity } from '@core/api/entry';

/** No answer within this is treated as no answer at all: the gate stays shut. */
const ANSWER_WITHIN_MS = 5000;

export type ReaderReply<T> =
  | { kind: 'answer'; data: T }
  /** Nothing trustworthy came back: no network, no answer in time, or a server fault. */
  | { kind: 'offline' }
  /** The key was rotated or the device deleted. */
  | { kind: 'unpaired'; message: string }
  /** Refused in words, e.g. a locked keypad (429 with Retry-After). */
  | { kind: 'refused'; status: number; message: string; retryAfterSeconds: number | null };

async function messageOf(response: Response): Promise<string> {
  const body = await response.json().catch(() => null);
  return typeof body?.message === 'string' ? body.message : `Request failed with status ${response.status}`;
}

/** A call authenticated by the device key, as a gate reader makes it; it never throws. */
export async function readerCall<T>(
  deviceKey: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<ReaderReply<T>> {
  if (!navigator.onLine) return { kind: 'offline' };
  try {
    const response = await fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${deviceKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      cache: 'no-store',
    });
    if (response.ok) return { kind: 'answer', data: (await response.json()) as T };
    if (response.status === 401 || response.status === 403) {
      return { kind: 'unpaired', message: await messageOf(response) };
    }
    if (response.status >= 500) return { kind: 'offline' };
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      kind: 'refused',
      status: response.status,
      message: await messageOf(response),
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    };
  } catch {
    return { kind: 'offline' };
  }
}

/** How far the server's clock is ahead of this one, learnt at each check-in; null until the first. */
let serverAheadMs: number | null = null;
/** Time for the answer to travel back before the reader gives up. */
const ANSWER_TRAVEL_MS = 300;

export async function whoAmI(deviceKey: string) {
  const sent = Date.now();
  const reply = await readerCall<ReaderIdentity>(deviceKey, 'GET', '/api/access/reader');
  if (reply.kind === 'answer') serverAheadMs = reply.data.serverTime - (sent + Date.now()) / 2;
  return reply;
}

/**
 * By when, on the server's clock, a decision must be reached to reach this reader before it gives
 * up: a server that was stalled decides a late scan as refused instead of opening the gate then.
 */
const deadline = () =>
  serverAheadMs === null
    ? {}
    : { decideBy: Math.round(Date.now() + serverAheadMs + ANSWER_WITHIN_MS - ANSWER_TRAVEL_MS) };

export const decideQr = (deviceKey: string, code: string) =>
  readerCall<EntryAnswer>(deviceKey, 'POST', '/api/access/qr', { code, ...deadline() });
export const decidePin = (deviceKey: string, pin: string) =>
  readerCall<EntryAnswer>(deviceKey, 'POST', '/api/access/pin', { pin, ...deadline() });
export const decideCard = (deviceKey: string, card: string) =>
  readerCall<EntryAnswer>(deviceKey, 'POST', '/api/access/card', { card, ...deadline() });
/** The heartbeat that shows the device Online; a server without the endpoint yet answers 404, which the reader ignores. */
export const heartbeat = (deviceKey: string) => readerCall<unknown>(deviceKey, 'POST', '/api/devices/heartbeat', {});
