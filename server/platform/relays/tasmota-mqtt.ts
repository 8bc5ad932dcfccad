import type { MqttLink } from '../mqtt/mqtt-link';
import { type MqttRelayDriver, type MqttRelayTarget, runMqttCommand } from './mqtt-relay-driver';

/** Publishes one command on `cmnd/<topic>/<command>`; the first `stat/<topic>/RESULT` must report `expected`. */
function command(
  target: MqttRelayTarget,
  link: MqttLink,
  totalMs: number,
  sent: { label: string; command: string; payload: string; expected: 'ON' | 'OFF' },
) {
  return runMqttCommand(
    link,
    totalMs,
    { label: sent.label, topic: `cmnd/${target.topic}/${sent.command}`, payload: sent.payload },
    link.expectTasmotaResult(target.topic),
    (answer) => {
      if (!answer) return 'the relay answer was not JSON';
      if (answer.Command === 'Unknown') return 'the relay did not understand the command';
      const switched = Object.entries(answer).some(([key, value]) => /^POWER\d*$/.test(key) && value === sent.expected);
      return switched ? null : `the relay did not report the switch ${sent.expected === 'ON' ? 'on' : 'off'}`;
    },
  );
}

/**
 * Tasmota over MQTT: the same single Backlog as over HTTP, on `cmnd/<topic>/Backlog`; the first
 * `stat/<topic>/RESULT` after it reports the switch-on. Hold and release are `Power<n> On|Off`.
 */
export const tasmotaMqttDriver: MqttRelayDriver = {
  name: 'tasmota-mqtt',
  pulse(target, link, totalMs) {
    const power = `Power${target.channel + 1}`;
    const backlog = `${power} On; Delay ${target.pulseSeconds * 10}; ${power} Off`;
    return command(target, link, totalMs, {
      label: `Backlog ${backlog}`,
      command: 'Backlog',
      payload: backlog,
      expected: 'ON',
    });
  },
  latch(target, link, totalMs, state) {
    const power = `Power${target.channel + 1}`;
    const word = state === 'on' ? 'On' : 'Off';
    return command(target, link, totalMs, {
      label: `${power} ${word}`,
      command: power,
      payload: word,
      expected: state === 'on' ? 'ON' : 'OFF',
    });
  },
};
