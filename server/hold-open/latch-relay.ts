import { DEVICE_MESSAGES, isMqttDriver } from '@core/api/devices';
import type { DeviceRow } from '../device-records/device-row';
import type { RelayDeps } from '../gates/relay-pulse';
import { MQTT_RELAY_DRIVER_BY_NAME, RELAY_DRIVER_BY_NAME } from '../platform/relays/drivers';
import { templateCanHold } from '../platform/relays/http-template';
import { failedCommand, HOLD_UNSUPPORTED, type LatchState, type RelayOutcome } from '../platform/relays/relay-driver';
import { relaySender } from '../platform/relays/relay-http';

/** Whether the device's driver can latch its relay: every driver but a template without hold requests. */
export function canHold(device: Pick<DeviceRow, 'driver' | 'driverSettings'>): boolean {
  if (isMqttDriver(device.driver)) return true;
  if (device.driver === 'http-template') return templateCanHold(device.driverSettings);
  return Boolean(RELAY_DRIVER_BY_NAME[device.driver].latch);
}

/** Latches a device's relay on or releases it, through its driver; never throws. */
export async function latchRelay(
  deps: Pick<RelayDeps, 'mqtt' | 'httpTarget' | 'timeouts' | 'allowLocal' | 'log'>,
  device: DeviceRow,
  state: LatchState,
): Promise<RelayOutcome> {
  const { driver } = device;
  try {
    if (!canHold(device)) return failedCommand(`${driver} ${state}`, HOLD_UNSUPPORTED, 'error-answer');
    if (isMqttDriver(driver)) {
      const mqtt = deps.mqtt();
      if (!mqtt) return failedCommand(`${driver} ${state}`, DEVICE_MESSAGES.mqttNotConfigured, 'no-broker');
      const target = { topic: device.mqttTopic ?? '', channel: device.channel, pulseSeconds: device.pulseSeconds };
      return await MQTT_RELAY_DRIVER_BY_NAME[driver].latch(target, mqtt, deps.timeouts.totalMs, state);
    }
    const target = deps.httpTarget(device);
    const send = relaySender(target, { timeouts: deps.timeouts, allowLocal: deps.allowLocal });
    const latch = RELAY_DRIVER_BY_NAME[driver].latch;
    if (!latch) return failedCommand(`${driver} ${state}`, HOLD_UNSUPPORTED, 'error-answer');
    return await latch(target, send, state);
  } catch (error) {
    deps.log.error({ err: error, deviceId: device.id }, 'relay latch failed unexpectedly');
    return failedCommand(`${driver} ${state}`, 'the relay driver failed', 'outcome-unknown');
  }
}
