import { afterAll, describe, expect, it } from 'vitest';
import { MqttLink } from '../../server/platform/mqtt/mqtt-link';
import { type RecordedPulse, RelaySimulator } from './relay-simulator';

// The simulated MQTT relays on the machine's Mosquitto, seen through the server's own MqttLink.
const BROKER_URL = 'mqtt://127.0.0.1:1883';
const printed: string[] = [];
const simulator = new RelaySimulator('127.0.0.1', (device, pulse: RecordedPulse) =>
  printed.push(`${device.name} ${device.protocol} ${pulse.command}`),
);
const link = MqttLink.open(BROKER_URL);
afterAll(async () => {
  await simulator.close();
  await link.close();
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
};

describe('simulated MQTT relays', () => {
  it('answer a Shelly RPC on the asking src and a Tasmota Backlog on stat, and report each pulse', async () => {
    await link.ready;
    const shelly = await simulator.addMqttDevice({ protocol: 'shelly-gen2-mqtt', brokerUrl: BROKER_URL });
    const tasmota = await simulator.addMqttDevice({ protocol: 'tasmota-mqtt', brokerUrl: BROKER_URL });

    const id = link.newRequestId();
    const rpc = link.expectShellyAnswer(id, shelly.topic);
    const src = link.shellySource(shelly.topic);
    const params = { id: 1, on: true, toggle_after: 3 };
    await link.publish(`${shelly.topic}/rpc`, JSON.stringify({ id, src, method: 'Switch.Set', params }));
    expect(await rpc.answer).toMatchObject({ id, src: shelly.topic, dst: src, result: { was_on: false } });

    const result = link.expectTasmotaResult(tasmota.topic);
    await link.publish(`cmnd/${tasmota.topic}/Backlog`, 'Power2 On; Delay 30; Power2 Off');
    expect(await result.answer).toEqual({ POWER2: 'ON' });

    expect(simulator.pulses(shelly.id)).toMatchObject([{ channel: 1, seconds: 3 }]);
    expect(simulator.pulses(tasmota.id)).toMatchObject([{ channel: 1, seconds: 3 }]);
    expect(printed).toEqual([
      `${shelly.topic} shelly-gen2-mqtt Switch.Set id=1 toggle_after=3`,
      `${tasmota.topic} tasmota-mqtt Power2 On; Delay 30; Power2 Off`,
    ]);
  });

  it('announce themselves online and, when they drop, offline through their last will', async () => {
    await link.ready;
    const seen: { topic: string; online: boolean }[] = [];
    const stop = link.onPresence((presence) => seen.push(presence));
    const shelly = await simulator.addMqttDevice({ protocol: 'shelly-gen2-mqtt', brokerUrl: BROKER_URL });
    const tasmota = await simulator.addMqttDevice({ protocol: 'tasmota-mqtt', brokerUrl: BROKER_URL });
    const ours = () => seen.filter((p) => p.topic === shelly.topic || p.topic === tasmota.topic);
    await until(() => ours().length === 2);
    await simulator.setFault(shelly.id, 'down');
    await simulator.setFault(tasmota.id, 'down');
    await until(() => ours().length === 4);
    stop();
    expect(ours()).toEqual(
      expect.arrayContaining([
        { topic: shelly.topic, online: true },
        { topic: tasmota.topic, online: true },
        { topic: shelly.topic, online: false },
        { topic: tasmota.topic, online: false },
      ]),
    );
  });
});
