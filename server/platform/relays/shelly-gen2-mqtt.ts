import type { MqttLink } from '../mqtt/mqtt-link';
import { type MqttRelayDriver, type MqttRelayTarget, runMqttCommand } from './mqtt-relay-driver';

/** `Switch.Set` with its parameters on `<prefix>/rpc`, answered on `<src>/rpc` with the request's id. */
function switchSet(target: MqttRelayTarget, link: MqttLink, totalMs: number, params: Record<string, unknown>) {
  const id = link.newRequestId();
  const request = {
    id,
    src: link.shellySource(target.topic),
    method: 'Switch.Set',
    params: { id: target.channel, ...params },
  };
  const label = Object.entries(params)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  return runMqttCommand(
    link,
    totalMs,
    {
      label: `Switch.Set id=${target.channel} ${label}`,
      topic: `${target.topic}/rpc`,
      payload: JSON.stringify(request),
    },
    link.expectShellyAnswer(id, target.topic),
    (answer) => (answer && 'result' in answer && !answer.error ? null : 'the relay rejected Switch.Set'),
  );
}

/**
 * Shelly Gen2+ JSON-RPC over MQTT: `Switch.Set` with `toggle_after` on `<prefix>/rpc`; the device
 * answers on `<src>/rpc` with the request's id. Credentials are the broker login, not RPC auth.
 */
export const shellyGen2MqttDriver: MqttRelayDriver = {
  name: 'shelly-gen2-mqtt',
  pulse: (target, link, totalMs) => switchSet(target, link, totalMs, { on: true, toggle_after: target.pulseSeconds }),
  /** No toggle_after: the switch stays as set. */
  latch: (target, link, totalMs, state) => switchSet(target, link, totalMs, { on: state === 'on' }),
};
