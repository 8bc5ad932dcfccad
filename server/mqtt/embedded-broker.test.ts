import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { seedMqttGate } from '../gates/gate-test-support';
import { createTestApp, seedProperty, type TestApp } from '../test-support/test-app';

let t: TestApp;
let brokerUrl: string;
let propertyId: string;
const simulator = new RelaySimulator();
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ mqttPort: 0 });
  brokerUrl = t.app.mqttBroker?.url as string;
  propertyId = (await seedProperty(t.app)).id;
});
afterAll(async () => {
  for (const client of clients) client.end(true);
  await simulator.close();
  await t.close();
});

async function connect(login: { username: string; password: string }) {
  const client = mqtt.connect(brokerUrl, { ...login, reconnectPeriod: 0 });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}

const closed = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

describe('the embedded broker', () => {
  it('refuses a device publishing to another device’s topics and disconnects it', async () => {
    const victim = await seedMqttGate(t.app, simulator, propertyId, {
      protocol: 'shelly-gen2-mqtt',
      brokerUrl,
      login: true,
    });
    const intruder = await seedMqttGate(t.app, simulator, propertyId, {
      protocol: 'tasmota-mqtt',
      brokerUrl,
      login: true,
    });
    const client = await connect(intruder.login);
    const disconnected = closed(client);
    const call = { id: 1, src: `${intruder.login.username}/x`, method: 'Switch.Set', params: { id: 0, on: true } };
    client.publish(`${victim.login.username}/rpc`, JSON.stringify(call));
    await disconnected;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(simulator.pulses(victim.relay.id)).toHaveLength(0);
  });

  it('refuses a subscription to another device’s topics and keeps its own', async () => {
    const other = await seedMqttGate(t.app, simulator, propertyId, {
      protocol: 'tasmota-mqtt',
      brokerUrl,
      login: true,
    });
    const own = await seedMqttGate(t.app, simulator, propertyId, { protocol: 'tasmota-mqtt', brokerUrl, login: true });
    const client = await connect(own.login);
    await expect(client.subscribeAsync(`cmnd/${other.login.username}/#`)).rejects.toThrow(/Subscribe error/);
    await expect(client.subscribeAsync(`cmnd/${own.login.username}/#`)).resolves.toMatchObject([{ qos: 0 }]);
    expect(client.connected).toBe(true);
  });

  it('says which setting to change when its port is taken', async () => {
    await expect(createTestApp({ mqttPort: t.app.mqttBroker?.port })).rejects.toThrow(
      `MQTT_PORT ${t.app.mqttBroker?.port} is already in use (another broker?): set MQTT_URL to use that broker, or pick another MQTT_PORT`,
    );
  });

  it('refuses a wrong password, and a device password under Gatehouse’s own user name', async () => {
    const { login } = await seedMqttGate(t.app, simulator, propertyId, {
      protocol: 'shelly-gen2-mqtt',
      brokerUrl,
      login: true,
    });
    const badLogin = /Bad username or password/;
    await expect(connect({ username: login.username, password: 'not-the-password' })).rejects.toThrow(badLogin);
    await expect(connect({ username: 'gatehouse', password: login.password })).rejects.toThrow(badLogin);
    await expect(connect({ username: '', password: '' })).rejects.toThrow(badLogin);
  });
});
