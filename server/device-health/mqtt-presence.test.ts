import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMqttGate } from '../../test/support/gate-test-support';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { MQTT_PROTOCOLS } from '../../tools/relay-simulator/mqtt-device';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';

const MOSQUITTO_URL = 'mqtt://127.0.0.1:1883';
const brokers = [
  { broker: 'Mosquitto', overrides: { mqttUrl: MOSQUITTO_URL }, login: false },
  { broker: 'the embedded broker', overrides: { mqttPort: 0 }, login: true },
] as const;

describe.each(brokers)('MQTT presence on $broker', ({ overrides, login }) => {
  let t: TestApp;
  let brokerUrl: string;
  let propertyId: string;
  let manager: SeededUser;
  const simulator = new RelaySimulator();

  beforeAll(async () => {
    t = await createTestApp(overrides);
    brokerUrl = t.app.mqttBroker?.url ?? MOSQUITTO_URL;
    propertyId = (await seedProperty(t.app)).id;
    manager = await seedUser(t.app, { role: 'admin', propertyId });
  });
  afterAll(async () => {
    await simulator.close();
    await t.close();
  });

  /** What Access Gates shows of one gate: online (null: never heard) and last seen. */
  const gateOf = async (deviceId: string) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/device/get-gate-devices',
      headers: bearer(manager.token),
    });
    return answer.json().gateDevices.find((gate: { id: string }) => gate.id === deviceId);
  };

  it.each(MQTT_PROTOCOLS)(
    '%s: Online when it connects, Offline once it drops (its last will), Online when back',
    async (protocol) => {
      const { relay, device } = await seedMqttGate(t.app, simulator, propertyId, { protocol, brokerUrl, login });
      await expect.poll(async () => (await gateOf(device.id))?.online).toBe(true);
      expect((await gateOf(device.id)).lastSeenAt).not.toBeNull();

      await simulator.setFault(relay.id, 'down');
      await expect.poll(async () => (await gateOf(device.id))?.online).toBe(false);

      await simulator.setFault(relay.id, 'none');
      await expect.poll(async () => (await gateOf(device.id))?.online).toBe(true);
    },
  );
});
