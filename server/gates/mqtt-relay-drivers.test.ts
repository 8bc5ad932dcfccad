import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMqttGate } from '../../test/support/gate-test-support';
import { createTestApp, seedProperty, type TestApp } from '../../test/support/test-app';
import { MQTT_PROTOCOLS } from '../../tools/relay-simulator/mqtt-device';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { gateLogs } from '../gate-log/gate-log-tables';
import { type GateDeps, gateDependencies, openGate } from './gate-decision';

const MOSQUITTO_URL = 'mqtt://127.0.0.1:1883';
const TOTAL_MS = 700;

const logDetails = {
  callerType: 'user' as const,
  userDetails: { firstName: 'Rita', lastName: 'Resident', email: 'rita@example.com', phoneNumber: null },
};

const expectedCommand = {
  'shelly-gen2-mqtt': 'Switch.Set id=0 on=true toggle_after=2',
  'tasmota-mqtt': 'Backlog Power1 On; Delay 20; Power1 Off',
} as const;

/** Long enough for a second, unwanted pulse to arrive if the server ever sent one. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

const brokers = [
  { broker: 'Mosquitto', overrides: { mqttUrl: MOSQUITTO_URL }, login: false },
  { broker: 'the embedded broker', overrides: { mqttPort: 0 }, login: true },
] as const;

describe.each(brokers)('MQTT relays on $broker', ({ overrides, login }) => {
  let t: TestApp;
  let gate: GateDeps;
  let brokerUrl: string;
  let propertyId: string;
  const simulator = new RelaySimulator();

  beforeAll(async () => {
    t = await createTestApp(overrides);
    gate = gateDependencies(t.app, { relayTimeouts: { connectMs: 300, totalMs: TOTAL_MS } });
    brokerUrl = t.app.mqttBroker?.url ?? MOSQUITTO_URL;
    propertyId = (await seedProperty(t.app, { propertyName: 'Broker Court', propertyLocation: '1 Topic Road' })).id;
  });
  afterAll(async () => {
    await simulator.close();
    await t.close();
  });

  describe.each(MQTT_PROTOCOLS)('%s', (protocol) => {
    const seed = () => seedMqttGate(t.app, simulator, propertyId, { protocol, brokerUrl, login });

    it('pulses the device exactly once with its own timer and logs the attempt', async () => {
      const { relay, device } = await seed();
      const opening = await openGate(gate, { device, logDetails });
      await settle();
      expect(opening.status).toBe('success');
      expect(opening.relayOperations).toEqual([{ command: expectedCommand[protocol], success: true }]);
      expect(simulator.pulses(relay.id)).toMatchObject([{ channel: 0, seconds: 2 }]);
      const [log] = await t.app.db.select().from(gateLogs).where(eq(gateLogs.id, opening.logId));
      expect(log).toMatchObject({
        status: 'success',
        deviceId: device.id,
        relayOperations: [{ command: expectedCommand[protocol], success: true }],
        totalDurationMs: opening.totalDurationMs,
      });
    });

    it('logs a failed attempt, once, when the device takes the command and never answers', async () => {
      const { relay, device } = await seed();
      await simulator.setFault(relay.id, 'hang');
      const started = performance.now();
      const opening = await openGate(gate, { device, logDetails });
      await settle();
      expect(opening.status).toBe('failed');
      expect(performance.now() - started).toBeGreaterThanOrEqual(TOTAL_MS - 50);
      expect(simulator.pulses(relay.id)).toHaveLength(0);
      const [log] = await t.app.db.select().from(gateLogs).where(eq(gateLogs.id, opening.logId));
      expect(log).toMatchObject({
        status: 'failed',
        relayOperations: [{ command: expectedCommand[protocol], success: false }],
        reason: `the relay did not answer within ${TOTAL_MS} ms`,
      });
    });

    it('logs a failed attempt when the device is offline', async () => {
      const { relay, device } = await seed();
      await simulator.setFault(relay.id, 'down');
      const opening = await openGate(gate, { device, logDetails });
      expect(opening.status).toBe('failed');
      expect(opening.relayOperations).toEqual([{ command: expectedCommand[protocol], success: false }]);
      expect(simulator.pulses(relay.id)).toHaveLength(0);
    });
  });
});

describe('answers on Mosquitto', () => {
  it('ignores a Shelly answer published from another device’s topic tree', async () => {
    const t = await createTestApp({ mqttUrl: MOSQUITTO_URL });
    const simulator = new RelaySimulator();
    const spy = mqtt.connect(MOSQUITTO_URL);
    try {
      const gate = gateDependencies(t.app, { relayTimeouts: { connectMs: 300, totalMs: TOTAL_MS } });
      const propertyId = (await seedProperty(t.app)).id;
      const brokerUrl = MOSQUITTO_URL;
      const victim = await seedMqttGate(t.app, simulator, propertyId, { protocol: 'shelly-gen2-mqtt', brokerUrl });
      await simulator.setFault(victim.relay.id, 'hang');
      // Another device reads the request and answers "done" from its own prefix.
      await spy.subscribeAsync(`${victim.device.mqttTopic}/rpc`);
      spy.on('message', (_topic, payload) => {
        const call = JSON.parse(payload.toString());
        const forged = call.src.replace(`${victim.device.mqttTopic}/`, 'intruder-shelly/');
        spy.publish(`${forged}/rpc`, JSON.stringify({ id: call.id, result: { was_on: false } }));
      });
      const opening = await openGate(gate, { device: victim.device, logDetails });
      expect(opening).toMatchObject({ status: 'failed', error: `the relay did not answer within ${TOTAL_MS} ms` });
    } finally {
      spy.end(true);
      await simulator.close();
      await t.close();
    }
  });
});

describe('without a broker', () => {
  it('fails an MQTT device with the reason instead of trying', async () => {
    const t = await createTestApp();
    const simulator = new RelaySimulator();
    try {
      const propertyId = (await seedProperty(t.app)).id;
      const { relay, device } = await seedMqttGate(t.app, simulator, propertyId, {
        protocol: 'shelly-gen2-mqtt',
        brokerUrl: MOSQUITTO_URL,
      });
      const opening = await openGate(gateDependencies(t.app), { device, logDetails });
      expect(opening).toMatchObject({ status: 'failed', error: expect.stringContaining('no MQTT broker') });
      expect(simulator.pulses(relay.id)).toHaveLength(0);
    } finally {
      await simulator.close();
      await t.close();
    }
  });
});
