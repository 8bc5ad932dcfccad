import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMqttGate } from '../../../test/support/gate-test-support';
import { createTestApp, seedProperty, type TestApp } from '../../../test/support/test-app';
import type { MqttProtocol } from '../../../tools/relay-simulator/mqtt-device';
import { RelaySimulator } from '../../../tools/relay-simulator/relay-simulator';
import { gateDependencies, openGate } from '../../gates/gate-decision';

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

/** A device's own client id is its topic, its user name on the embedded broker. */
async function connect(login: { username: string; password: string }, clientId = login.username) {
  const client = mqtt.connect(brokerUrl, { ...login, clientId, reconnectPeriod: 0 });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}

/** A gate on one property whose simulated relay logs in to the embedded broker. */
const seedGate = (protocol: MqttProtocol, options: { propertyId?: string; topic?: string; clientId?: string } = {}) =>
  seedMqttGate(t.app, simulator, options.propertyId ?? propertyId, { protocol, brokerUrl, login: true, ...options });

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
const stillConnected = (relayId: string) => simulator.list().find((relay) => relay.id === relayId);
const logDetails = {
  callerType: 'user' as const,
  userDetails: { firstName: 'Rita', lastName: 'Resident', email: 'rita@example.com', phoneNumber: null },
};

const closed = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

describe('the embedded broker', () => {
  it('refuses a device publishing to another device’s topics and disconnects it', async () => {
    const victim = await seedGate('shelly-gen2-mqtt');
    const intruder = await seedGate('tasmota-mqtt');
    const client = await connect(intruder.login);
    const disconnected = closed(client);
    const call = { id: 1, src: `${intruder.login.username}/x`, method: 'Switch.Set', params: { id: 0, on: true } };
    client.publish(`${victim.login.username}/rpc`, JSON.stringify(call));
    await disconnected;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(simulator.pulses(victim.relay.id)).toHaveLength(0);
  });

  it('refuses a subscription to another device’s topics and keeps its own', async () => {
    const other = await seedGate('tasmota-mqtt');
    const own = await seedGate('tasmota-mqtt');
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
    const { login } = await seedGate('shelly-gen2-mqtt');
    const badLogin = /Bad username or password/;
    await expect(connect({ username: login.username, password: 'not-the-password' })).rejects.toThrow(badLogin);
    await expect(connect({ username: 'gatehouse', password: login.password })).rejects.toThrow(badLogin);
    await expect(connect({ username: '', password: '' })).rejects.toThrow(badLogin);
  });
});

describe('client ids on the embedded broker', () => {
  it('refuses a device logging in with another property’s device’s client id; that device stays online and opens', async () => {
    const otherPropertyId = (await seedProperty(t.app, { propertyName: 'Other Court', propertyLocation: '2 Id Road' }))
      .id;
    const victim = await seedGate('tasmota-mqtt', { propertyId: otherPropertyId });
    const intruder = await seedGate('shelly-gen2-mqtt');
    await expect(connect(intruder.login, victim.login.username)).rejects.toThrow(/Identifier rejected/);
    await settle();
    expect(stillConnected(victim.relay.id)).toMatchObject({ connected: true });
    const opening = await openGate(gateDependencies(t.app), { device: victim.device, logDetails });
    expect(opening.status).toBe('success');
    expect(simulator.pulses(victim.relay.id)).toHaveLength(1);
  });

  it('refuses a device logging in with Gatehouse’s own client id; Gatehouse stays connected', async () => {
    const intruder = await seedGate('shelly-gen2-mqtt');
    const link = t.app.mqtt as NonNullable<typeof t.app.mqtt>;
    await expect(connect(intruder.login, link.clientId)).rejects.toThrow(/Identifier rejected/);
    await expect(connect(intruder.login, '')).rejects.toThrow(/Identifier rejected/);
    await settle();
    expect(link.connected).toBe(true);
  });

  it('refuses Gatehouse’s own login under a device’s client id', async () => {
    const device = await seedGate('tasmota-mqtt');
    const gatehouse = t.app.mqttBroker?.login as { username: string; password: string };
    await expect(connect(gatehouse, device.login.username)).rejects.toThrow(/Identifier rejected/);
    await settle();
    expect(stillConnected(device.relay.id)).toMatchObject({ connected: true });
  });

  it('lets a Tasmota on its default topic keep its default client id, and only that Tasmota', async () => {
    const chipId = crypto.randomBytes(3).toString('hex').toUpperCase();
    const tasmota = await seedGate('tasmota-mqtt', { topic: `tasmota_${chipId}`, clientId: `DVES_${chipId}` });
    const opening = await openGate(gateDependencies(t.app), { device: tasmota.device, logDetails });
    expect(opening.status).toBe('success');
    const shelly = await seedGate('shelly-gen2-mqtt');
    await expect(connect(shelly.login, `DVES_${chipId}`)).rejects.toThrow(/Identifier rejected/);
    await settle();
    expect(stillConnected(tasmota.relay.id)).toMatchObject({ connected: true });
  });

  it('lets a device reconnect with its own client id, taking over its own earlier connection', async () => {
    const { login } = await seedGate('shelly-gen2-mqtt');
    const earlier = await connect(login);
    const earlierClosed = closed(earlier);
    const again = await connect(login);
    await earlierClosed;
    expect(again.connected).toBe(true);
  });
});
