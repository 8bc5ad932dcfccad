import { type MqttRelayDriver, runMqttCommand } from './mqtt-relay-driver';

/**
 * Tasmota over MQTT: the same single Backlog as over HTTP, on `cmnd/<topic>/Backlog`; the first
 * `stat/<topic>/RESULT` after it reports the switch-on.
 */
export const tasmotaMqttDriver: MqttRelayDriver = {
  name: 'tasmota-mqtt',
  pulse(target, link, totalMs) {
    const power = `Power${target.channel + 1}`;
    const backlog = `${power} On; Delay ${target.pulseSeconds * 10}; ${power} Off`;
    return runMqttCommand(
      link,
      totalMs,
      { label: `Backlog ${backlog}`, topic: `cmnd/${target.topic}/Backlog`, payload: backlog },
      link.expectTasmotaResult(target.topic),
      (answer) => {
        if (!answer) return 'the relay answer was not JSON';
        if (answer.Command === 'Unknown') return 'the relay did not understand the command';
        const switched = Object.entries(answer).some(([key, value]) => /^POWER\d*$/.test(key) && value === 'ON');
        return switched ? null : 'the relay did not report the switch on';
      },
    );
  },
};
