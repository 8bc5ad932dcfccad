import { type MqttRelayDriver, runMqttCommand } from './mqtt-relay-driver';

/**
 * Shelly Gen2+ JSON-RPC over MQTT: `Switch.Set` with `toggle_after` on `<prefix>/rpc`; the device
 * answers on `<src>/rpc` with the request's id. Credentials are the broker login, not RPC auth.
 */
export const shellyGen2MqttDriver: MqttRelayDriver = {
  name: 'shelly-gen2-mqtt',
  pulse(target, link, totalMs) {
    const id = link.newRequestId();
    const params = { id: target.channel, on: true, toggle_after: target.pulseSeconds };
    const request = { id, src: link.shellySource(target.topic), method: 'Switch.Set', params };
    return runMqttCommand(
      link,
      totalMs,
      {
        label: `Switch.Set id=${target.channel} on=true toggle_after=${target.pulseSeconds}`,
        topic: `${target.topic}/rpc`,
        payload: JSON.stringify(request),
      },
      link.expectShellyAnswer(id, target.topic),
      (answer) => (answer && 'result' in answer && !answer.error ? null : 'the relay rejected Switch.Set'),
    );
  },
};
