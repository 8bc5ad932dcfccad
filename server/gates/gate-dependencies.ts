import type { FastifyInstance } from 'fastify';
import { recordRelayResult } from '../device-health/seen-writes';
import { httpRelayTarget } from '../devices/relay-target';
import { DEFAULT_RELAY_TIMEOUTS, type RelayTimeouts } from '../platform/relays/relay-http';
import type { GateDeps } from './gate-decision';

/**
 * The gate decision's dependencies, built once per app by the route wiring (server/app/routes.ts)
 * and passed to every way in; tests build their own, with short relay timeouts where they want.
 * Its `inFlight` map is this app's pulses in flight: presses through one deps object join them.
 */
export function gateDependencies(app: FastifyInstance, options: { relayTimeouts?: RelayTimeouts } = {}): GateDeps {
  return {
    db: app.db,
    now: app.config.now,
    log: app.log,
    metrics: app.metrics,
    timeouts: options.relayTimeouts ?? DEFAULT_RELAY_TIMEOUTS,
    allowLocal: app.config.allowLocalDevices,
    mqtt: () => app.mqtt,
    httpTarget: (device) => httpRelayTarget(app, device),
    recordRelayResult: (deviceId, operations) => recordRelayResult(app, deviceId, operations),
    inFlight: new Map(),
  };
}
