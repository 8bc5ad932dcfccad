import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PULSE_SETTLE_MS } from '../../server/gates/relay-pulse';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import {
  type FreshPostgres,
  freshPostgresDatabase,
  type GatehouseProcess,
  spawnGatehouse,
  TEST_SUPERADMIN,
} from '../support/gatehouse-process';
import { callApi, signInTo } from '../support/process-api';

// Two real Gatehouse processes on one PostgreSQL database and one Mosquitto: each press pulses the
// MQTT relay exactly once, whichever process takes it, and each process hears its own answers.
// Ten presses in all: the superadmin opening limit is ten a minute.
const MOSQUITTO_URL = 'mqtt://127.0.0.1:1883';
let database: FreshPostgres;
let pair: GatehouseProcess[];
let tokens: string[];
const simulator = new RelaySimulator();

beforeAll(async () => {
  database = await freshPostgresDatabase('gatehouse_faults');
  const env = { JWT_SECRET: 'mqtt-across-processes-secret-0123456789', MQTT_URL: MOSQUITTO_URL };
  pair = await Promise.all([0, 1].map(() => spawnGatehouse({ databaseUrl: database.url, env })));
  tokens = await Promise.all(pair.map((process) => signInTo(process.baseURL, TEST_SUPERADMIN, 'superadmin')));
});

afterAll(async () => {
  await Promise.all((pair ?? []).map((process) => process.stop()));
  await simulator.close();
  await database?.drop();
});

async function registerMqttGate(protocol: 'shelly-gen2-mqtt' | 'tasmota-mqtt') {
  const suffix = crypto.randomBytes(4).toString('hex');
  const property = await callApi<{ _id: string }>(pair[0].baseURL, 'POST', '/api/property/register', {
    token: tokens[0],
    body: { propertyName: `Broker Court ${suffix}`, propertyLocation: '1 Topic Road', propertyFeatures: ['qr'] },
  });
  const topic = `twin-${protocol}-${suffix}`;
  const device = await callApi<{ _id: string }>(pair[0].baseURL, 'POST', '/api/device/register', {
    token: tokens[0],
    body: {
      deviceName: `Gate ${suffix}`,
      deviceType: 'gate',
      propertyId: property._id,
      driver: protocol,
      mqttTopic: topic,
    },
  });
  const relay = await simulator.addMqttDevice({ protocol, brokerUrl: MOSQUITTO_URL, topic });
  return { relayId: relay.id, body: { deviceId: device._id, propertyId: property._id } };
}

const press = (n: number, body: unknown) =>
  callApi<{ status: string }>(pair[n % 2].baseURL, 'POST', '/api/device/trigger-relay', { token: tokens[n % 2], body });

describe.each(['shelly-gen2-mqtt', 'tasmota-mqtt'] as const)('%s on one broker, two processes', (protocol) => {
  it('pulses once per press when presses alternate between the processes, each after the last one’s hold', async () => {
    const gate = await registerMqttGate(protocol);
    for (let n = 0; n < 2; n++) {
      expect(await press(n, gate.body)).toMatchObject({ status: 'success' });
      // The hold runs from the relay's answer, which came before this press's answer.
      await new Promise((resolve) => setTimeout(resolve, PULSE_SETTLE_MS));
    }
    expect(simulator.pulses(gate.relayId)).toHaveLength(2);
  });

  it('pulses once for presses on both processes while the pulse is in flight and right after it answered', async () => {
    const gate = await registerMqttGate(protocol);
    // The relay answers late, so the two presses surely overlap; then it answers at once.
    await simulator.setFault(gate.relayId, 'slow', 500);
    const answers = await Promise.all([press(0, gate.body), press(1, gate.body)]);
    await simulator.setFault(gate.relayId, 'none');
    answers.push(await press(1, gate.body));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answers).toMatchObject([{ status: 'success' }, { status: 'success' }, { status: 'success' }]);
    expect(simulator.pulses(gate.relayId)).toHaveLength(1);
  });
});
