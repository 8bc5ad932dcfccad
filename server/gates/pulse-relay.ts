import { DEVICE_MESSAGES, isMqttDriver } from '@core/api/devices';
import type { FastifyInstance } from 'fastify';
import { httpRelayTarget } from '../devices/relay-target';
import type { devices } from '../platform/db/schema';
import { MQTT_RELAY_DRIVER_BY_NAME, RELAY_DRIVER_BY_NAME } from '../platform/relays/drivers';
import { failedCommand, type RelayOutcome } from '../platform/relays/relay-driver';
import { relaySender } from '../platform/relays/relay-http';
import { statusOf } from './pulse-status';
import { relayTimeoutsOf } from './relay-timeouts';
import { type PressPulse, type PulseResult, pulseOncePerDevice } from './shared-pulse';

type DeviceRow = typeof devices.$inferSelect;

export type { PressPulse };

/** A pulse holds its device this long at most: the relay's own timeout and a margin. */
export const pulseLeaseMsOf = (app: FastifyInstance) => relayTimeoutsOf(app).totalMs + 2000;

const inFlightByApp = new WeakMap<FastifyInstance, Map<string, Promise<PressPulse>>>();

/**
 * Pulses a device's relay through its driver. At most one pulse per device is in flight, in this
 * process (a press while one runs joins it here) and across processes (pulseOncePerDevice).
 */
export function pulseRelay(app: FastifyInstance, device: DeviceRow): Promise<PressPulse> {
  let inFlight = inFlightByApp.get(app);
  if (!inFlight) {
    inFlight = new Map();
    inFlightByApp.set(app, inFlight);
  }
  const running = inFlight.get(device.id);
  if (running) return running.then((shared) => ({ ...shared, joined: true }));
  const pulse = pulseOncePerDevice(app.db, device.id, { now: app.config.now, leaseMs: pulseLeaseMsOf(app) }, () =>
    pulseOnce(app, device),
  ).finally(() => inFlight.delete(device.id));
  inFlight.set(device.id, pulse);
  return pulse;
}

async function pulseOnce(app: FastifyInstance, device: DeviceRow): Promise<PulseResult> {
  const started = performance.now();
  let outcome: RelayOutcome;
  try {
    outcome = await pulseThroughDriver(app, device);
  } catch (error) {
    app.log.error({ err: error, deviceId: device.id }, 'relay pulse failed unexpectedly');
    outcome = failedCommand(`${device.driver} pulse`, 'the relay driver failed', 'outcome-unknown');
  }
  app.metrics.relayPulses.inc({ driver: device.driver, result: statusOf(outcome.operations) });
  return { ...outcome, durationMs: performance.now() - started };
}

function pulseThroughDriver(app: FastifyInstance, device: DeviceRow): Promise<RelayOutcome> {
  const { driver } = device;
  if (isMqttDriver(driver)) {
    const target = { topic: device.mqttTopic ?? '', channel: device.channel, pulseSeconds: device.pulseSeconds };
    if (!app.mqtt) {
      return Promise.resolve(failedCommand(`${driver} pulse`, DEVICE_MESSAGES.mqttNotConfigured, 'no-broker'));
    }
    return MQTT_RELAY_DRIVER_BY_NAME[driver].pulse(target, app.mqtt, relayTimeoutsOf(app).totalMs);
  }
  const target = httpRelayTarget(app, device);
  const send = relaySender(target, { timeouts: relayTimeoutsOf(app), allowLocal: app.config.allowLocalDevices });
  return RELAY_DRIVER_BY_NAME[driver].pulse(target, send);
}
