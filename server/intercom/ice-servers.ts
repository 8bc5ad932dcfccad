import crypto from 'node:crypto';
import type { TurnConfig } from '../platform/settings/config';

/** TURN credentials last an hour at most: enough for a call, useless soon after. */
export const TURN_CREDENTIAL_SECONDS = 3600;

export interface IceServer {
  urls: string;
  username?: string;
  credential?: string;
}

/**
 * The ICE servers a call uses: STUN as configured, TURN with credentials in the TURN REST scheme
 * coturn checks with its `static-auth-secret` (username `<unix expiry>:<id>`, credential the
 * base64 HMAC-SHA1 of the username). Without TURN_URLS: none, and calls use direct paths only.
 */
export function iceServersFor(turn: TurnConfig | undefined, id: string, now: Date): IceServer[] {
  if (!turn) return [];
  const expiry = Math.floor(now.getTime() / 1000) + TURN_CREDENTIAL_SECONDS;
  const username = `${expiry}:${id}`;
  const credential = turn.secret ? crypto.createHmac('sha1', turn.secret).update(username).digest('base64') : undefined;
  return turn.urls.map((urls) => (urls.startsWith('stun:') || !credential ? { urls } : { urls, username, credential }));
}
