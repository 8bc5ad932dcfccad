import type { FastifyInstance } from 'fastify';
import type { devices } from '../db/schema';
import { parseDeviceAddress } from '../devices/device-address';
import { openCredentials } from '../devices/device-credentials';
import { RELAY_DRIVER_BY_NAME } from '../relays/drivers';
import type { RelayOutcome } from '../relays/relay-driver';
import { relaySender } from '../relays/relay-http';
import { relayTimeoutsOf } from './relay-timeouts';

type DeviceRow = typeof devices.$inferSelect;
export interface PulseResult extends RelayOutcome {
  durationMs: number;
}

const inFlightByApp = new WeakMap<FastifyInstance, Map<string, Promise<PulseResult>>>();

/**
 * Pulses a device's relay through its driver. At most one pulse per device is in flight: a press
 * while one runs joins it, because a second pulse could reverse a gate that is already moving.
 */
export function pulseRelay(app: FastifyInstance, device: DeviceRow): Promise<PulseResult> {
  let inFlight = inFlightByApp.get(app);
  if (!inFlight) {
    inFlight = new Map();
    inFlightByApp.set(app, inFlight);
  }
  const running = inFlight.get(device.id);
  if (running) return running;
  const pulse = pulseOnce(app, device).finally(() => inFlight.delete(device.id));
  inFlight.set(device.id, pulse);
  return pulse;
}

async function pulseOnce(app: FastifyInstance, device: DeviceRow): Promise<PulseResult> {
  const started = performance.now();
  let outcome: RelayOutcome;
  try {
    const { host, port } = parseDeviceAddress(device.deviceIpAddress);
    const target = {
      host,
      port,
      channel: device.channel,
      pulseSeconds: device.pulseSeconds,
      credentials: openCredentials(app, device.credentialsEncrypted),
      settings: device.driverSettings,
    };
    const send = relaySender(target, { timeouts: relayTimeoutsOf(app), allowLocal: app.config.allowLocalDevices });
    outcome = await RELAY_DRIVER_BY_NAME[device.driver].pulse(target, send);
  } catch (error) {
    app.log.error({ err: error, deviceId: device.id }, 'relay pulse failed unexpectedly');
    outcome = { operations: [{ command: `${device.driver} pulse`, success: false }], error: 'the relay driver failed' };
  }
  return { ...outcome, durationMs: performance.now() - started };
}
