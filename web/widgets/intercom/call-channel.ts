import type { IntercomCallDto } from '../../api/intercom';
import { readToken } from '../../api/token-cookie';
import type { PeerSignal } from './call-peer';

export interface CallChannelHandlers {
  /** The call as the server has it now, each time it changes (answered, declined, missed, ended). */
  onCall(call: IntercomCallDto): void;
  /** An offer, answer or ICE candidate from the other side. */
  onSignal(signal: PeerSignal): void;
}

export interface CallChannel {
  send(signal: PeerSignal): Promise<void>;
  close(): void;
}

/** Whose credentials a side of a call presents: a gate reader's device key, else the session's token. */
export type ChannelAuth = { deviceKey: string } | undefined;

/**
 * How often a side asks for the other side's messages (decision 0093). Each poll is also the
 * side's sign of life: the server ends a call whose side is not seen for 6 seconds.
 */
export const CALL_POLL_MS = 500;

export const bearerHeaders = (auth: ChannelAuth): Record<string, string> => {
  const secret = auth ? auth.deviceKey : readToken();
  return secret ? { authorization: `Bearer ${secret}` } : {};
};

const callUrl = (callId: string, tail: string) => `/api/intercom/calls/${encodeURIComponent(callId)}${tail}`;

type SignalsAnswer = { signals: { id: number; message: PeerSignal }[]; call: IntercomCallDto };

/** Waits `ms`, or less when `stop` is aborted. */
export const pause = (ms: number, stop: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    stop.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * One call's signalling by POST and polling (decision 0093): `GET …/signals?after=<id>` every
 * half second brings the call and the other side's messages; this side's go out by POST. A poll
 * that fails (the network, a restarting process) is simply tried again at the next beat.
 */
export function openCallChannel(callId: string, handlers: CallChannelHandlers, auth?: ChannelAuth): CallChannel {
  const stop = new AbortController();
  void (async () => {
    let after = 0;
    let lastCall = '';
    while (!stop.signal.aborted) {
      try {
        const response = await fetch(callUrl(callId, `/signals?after=${after}`), {
          headers: bearerHeaders(auth),
          signal: stop.signal,
        });
        if (response.ok) {
          const answer = (await response.json()) as SignalsAnswer;
          const seen = JSON.stringify(answer.call);
          if (seen !== lastCall && !stop.signal.aborted) {
            lastCall = seen;
            handlers.onCall(answer.call);
          }
          for (const { id, message } of answer.signals) {
            after = Math.max(after, id);
            if (!stop.signal.aborted) handlers.onSignal(message);
          }
        }
      } catch {
        if (stop.signal.aborted) return;
      }
      await pause(CALL_POLL_MS, stop.signal);
    }
  })();
  return {
    send: async (signal) => {
      await fetch(callUrl(callId, '/signals'), {
        method: 'POST',
        headers: { ...bearerHeaders(auth), 'content-type': 'application/json' },
        body: JSON.stringify(signal),
        signal: stop.signal,
      }).catch(() => {});
    },
    close: () => stop.abort(),
  };
}
