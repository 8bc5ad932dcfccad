import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMqttGate, seedSimulatedGate } from '../../test/support/gate-test-support';
import { createTestApp, seedProperty, type TestApp, testConfig } from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { buildApp } from '../app/app';
import type { DeviceRow } from '../device-records/device-row';
import { gateLogs } from '../gate-log/gate-log-tables';
import { type GateDeps, gateDependencies, openGate } from './gate-decision';
import { pulseHoldMs } from './relay-pulse';

// Relays that answer at once (the simulator without a fault answers in a few milliseconds): a
// press joins its gate's pulse for the pulse's whole hold, not only while the relay call is in
// flight, in one app and across two apps on one database (decision 0071).
const MOSQUITTO_URL = 'mqtt://127.0.0.1:1883';
const logDetails = { callerType: 'user' as const };

let t: TestApp;
let second: Awaited<ReturnType<typeof buildApp>>;
let propertyId: string;
const simulator = new RelaySimulator();

beforeAll(async () => {
  t = await createTestApp({ mqttUrl: MOSQUITTO_URL });
  // A second app on the same database has its own memory, as a second process would.
  second = await buildApp(
    testConfig({ secret: t.app.config.secret, now: t.app.config.now, mqttUrl: MOSQUITTO_URL }),
    t.database,
  );
  await second.ready();
  propertyId = (await seedProperty(t.app)).id;
});
afterAll(async () => {
  await second?.close();
  await simulator.close();
  await t.close();
});

const gates = {
  'shelly-gen1 over HTTP': () => seedSimulatedGate(t.app, simulator, propertyId, { protocol: 'shelly-gen1' }),
  'shelly-gen2 over HTTP': () => seedSimulatedGate(t.app, simulator, propertyId, { protocol: 'shelly-gen2' }),
  'shelly-gen2 over MQTT': () =>
    seedMqttGate(t.app, simulator, propertyId, { protocol: 'shelly-gen2-mqtt', brokerUrl: MOSQUITTO_URL }),
  'tasmota over MQTT': () =>
    seedMqttGate(t.app, simulator, propertyId, { protocol: 'tasmota-mqtt', brokerUrl: MOSQUITTO_URL }),
};

async function logRowsOf(device: DeviceRow) {
  return t.app.db.select().from(gateLogs).where(eq(gateLogs.deviceId, device.id));
}

/** `count` presses at once, spread over the given apps' gate dependencies in turn. */
function burst(count: number, spread: GateDeps[], device: DeviceRow) {
  return Promise.all(
    Array.from({ length: count }, (_, n) => openGate(spread[n % spread.length], { device, logDetails })),
  );
}

describe.each(Object.entries(gates))('%s, answering at once', (_name, seed) => {
  it.each([
    [3, 'one app'],
    [6, 'one app'],
    [20, 'one app'],
    [3, 'two apps'],
    [6, 'two apps'],
    [20, 'two apps'],
  ])('%i presses at once through %s pulse once, and each press is one log row', async (count, where) => {
    const { relay, device } = await seed();
    const spread =
      where === 'one app' ? [gateDependencies(t.app)] : [gateDependencies(t.app), gateDependencies(second)];
    const presses = await burst(count, spread, device);

    expect(simulator.pulses(relay.id)).toHaveLength(1);
    expect(presses.every((press) => press.status === 'success')).toBe(true);
    expect(presses.filter((press) => !press.joined)).toHaveLength(1);
    const rows = await logRowsOf(device);
    expect(rows).toHaveLength(count);
    expect(rows.filter((row) => row.relayOperations.some((operation) => operation.joined))).toHaveLength(count - 1);
    expect(rows.every((row) => row.status === 'success')).toBe(true);
  });
});

describe('the hold after the relay answered', () => {
  it('a press right after an answered pulse joins it; after the hold a press pulses again', async () => {
    const { relay, device } = await seedSimulatedGate(t.app, simulator, propertyId, { protocol: 'shelly-gen2' });
    const [here, there] = [gateDependencies(t.app), gateDependencies(second)];

    const first = await openGate(here, { device, logDetails });
    const sameProcess = await openGate(here, { device, logDetails });
    const otherProcess = await openGate(there, { device, logDetails });
    expect([first.joined, sameProcess.joined, otherProcess.joined]).toEqual([false, true, true]);
    expect(simulator.pulses(relay.id)).toHaveLength(1);

    t.clock.advance(pulseHoldMs(device) - 1);
    expect((await openGate(there, { device, logDetails })).joined).toBe(true);
    expect(simulator.pulses(relay.id)).toHaveLength(1);

    t.clock.advance(2);
    const later = await openGate(there, { device, logDetails });
    expect(later).toMatchObject({ status: 'success', joined: false });
    expect(simulator.pulses(relay.id)).toHaveLength(2);
  });

  it('holds for the relay’s own on-time when it is longer than the settle window', async () => {
    const { device } = await seedSimulatedGate(t.app, simulator, propertyId);
    expect(pulseHoldMs({ ...device, pulseSeconds: 1 })).toBe(2000);
    expect(pulseHoldMs({ ...device, pulseSeconds: 5 })).toBe(5000);
  });

  it('a press after a relay that refused the command pulses again at once: nothing switched', async () => {
    const { relay, device } = await seedSimulatedGate(t.app, simulator, propertyId, { protocol: 'shelly-gen2' });
    const gate = gateDependencies(t.app);
    await simulator.setFault(relay.id, 'error');
    expect((await openGate(gate, { device, logDetails })).status).toBe('failed');
    await simulator.setFault(relay.id, 'none');
    expect(await openGate(gate, { device, logDetails })).toMatchObject({ status: 'success', joined: false });
    expect(simulator.pulses(relay.id).length).toBeGreaterThanOrEqual(1);
  });
});
