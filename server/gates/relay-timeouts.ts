import type { FastifyInstance } from 'fastify';
import { DEFAULT_RELAY_TIMEOUTS, type RelayTimeouts } from '../platform/relays/relay-http';

const overrides = new WeakMap<FastifyInstance, RelayTimeouts>();

/** Shorter relay timeouts for one app, so tests of slow and hanging relays stay quick. */
export function setRelayTimeouts(app: FastifyInstance, timeouts: RelayTimeouts) {
  overrides.set(app, timeouts);
}

export function relayTimeoutsOf(app: FastifyInstance): RelayTimeouts {
  return overrides.get(app) ?? DEFAULT_RELAY_TIMEOUTS;
}
