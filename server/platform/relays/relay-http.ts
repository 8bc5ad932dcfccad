import http from 'node:http';
import { ADDRESS_REFUSED, checkedLookup, isIpLiteral, isRefusedAddress } from '../net/outbound-address-policy';
import {
  RelayHttpError,
  type RelayRequest,
  type RelayResponse,
  type RelaySend,
  type RelayTarget,
} from './relay-driver';

export interface RelayTimeouts {
  connectMs: number;
  totalMs: number;
}

export const DEFAULT_RELAY_TIMEOUTS: RelayTimeouts = { connectMs: 2000, totalMs: 5000 };

const relayLookup = checkedLookup('lan');

const MAX_BODY_BYTES = 64 * 1024;
// Idle sockets are dropped after 1 s, well before a relay's own keep-alive closes them, so a press
// never lands on a socket the relay is closing (that would fail the open, and we never retry).
// One pool per policy: a socket opened without the address check is never reused by a checked request.
const agents = {
  checked: new http.Agent({ keepAlive: true, maxSockets: 4, timeout: 1000 }),
  unchecked: new http.Agent({ keepAlive: true, maxSockets: 4, timeout: 1000 }),
};

/**
 * The only way the server talks to a relay: the registered host and port, plain HTTP, no
 * redirects followed (a 3xx is just an answer), connect and total timeouts, bounded body.
 */
export function relaySender(target: RelayTarget, options: { timeouts: RelayTimeouts; allowLocal: boolean }): RelaySend {
  return (request) => send(target, request, options);
}

function send(
  target: RelayTarget,
  request: RelayRequest,
  options: { timeouts: RelayTimeouts; allowLocal: boolean },
): Promise<RelayResponse> {
  // An IP literal is connected to without a lookup, so it is checked here; names in checkedLookup.
  if (!options.allowLocal && isIpLiteral(target.host) && isRefusedAddress(target.host)) {
    return Promise.reject(new RelayHttpError('address-refused', 'the device address is a local address'));
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: RelayHttpError | null, response?: RelayResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(totalTimer);
      if (error) reject(error);
      else resolve(response as RelayResponse);
    };
    const req = http.request({
      host: target.host,
      port: target.port,
      method: request.method,
      path: request.path,
      headers: { accept: 'application/json, text/plain, */*', ...request.headers },
      agent: options.allowLocal ? agents.unchecked : agents.checked,
      lookup: options.allowLocal ? undefined : relayLookup,
    });
    const totalTimer = setTimeout(() => {
      finish(new RelayHttpError('timeout', `the relay did not answer within ${options.timeouts.totalMs} ms`));
      req.destroy();
    }, options.timeouts.totalMs);
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const connectTimer = setTimeout(() => {
        finish(
          new RelayHttpError('connect-timeout', `no connection to the relay within ${options.timeouts.connectMs} ms`),
        );
        req.destroy();
      }, options.timeouts.connectMs);
      socket.once('connect', () => clearTimeout(connectTimer));
      socket.once('close', () => clearTimeout(connectTimer));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      const refused = error.code === ADDRESS_REFUSED;
      finish(
        new RelayHttpError(
          refused ? 'address-refused' : 'unreachable',
          refused
            ? 'the device address resolves to a local address'
            : `the relay could not be reached (${error.code ?? 'error'})`,
          error.code,
        ),
      );
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          finish(new RelayHttpError('too-large', 'the relay answer was too large'));
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () =>
        finish(null, {
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', () => finish(new RelayHttpError('unreachable', 'the relay connection broke')));
    });
    req.end(request.body);
  });
}
