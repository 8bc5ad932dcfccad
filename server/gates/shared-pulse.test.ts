import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pastPulseHold, seedSimulatedGate } from '../../test/support/gate-test-support';
import { createTestApp, seedProperty, type TestApp, testConfig } from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { buildApp } from '../app/app';
import { gateDependencies, openGate } from './gate-decision';
import { devicePulses } from './gate-tables';

let t: TestApp;
const simulator = new RelaySimulator();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const logDetails = { callerType: 'user' as const };

describe('one pulse in flight per device, across app instances', () => {
  it('joins presses made through two apps on one database into one pulse with one outcome', async () => {
    // A second app on the same database has its own memory, as a second process would.
    const second = await buildApp(testConfig({ secret: t.app.config.secret, now: t.app.config.now }), t.database);
    try {
      const property = await seedProperty(t.app);
      const { relay, device } = await seedSimulatedGate(t.app, simulator, property.id);
      await simulator.setFault(relay.id, 'slow', 400);
      // One deps object per app, as the route wiring builds: each with its own pulses in flight.
      const [here, there] = [gateDependencies(t.app), gateDependencies(second)];
      const presses = await Promise.all(
        [here, there, here, there].map((gate) => openGate(gate, { device, logDetails })),
      );
      expect(simulator.pulses(relay.id)).toHaveLength(1);
      expect(presses.map((press) => press.status)).toEqual(['success', 'success', 'success', 'success']);

      const relayTimeouts = { connectMs: 300, totalMs: 600 };
      const [shortHere, shortThere] = [t.app, second].map((app) => gateDependencies(app, { relayTimeouts }));
      await simulator.setFault(relay.id, 'hang');
      pastPulseHold(t.clock, device);
      const failed = await Promise.all([shortHere, shortThere].map((gate) => openGate(gate, { device, logDetails })));
      expect(failed.map((press) => press.status)).toEqual(['failed', 'failed']);
      expect(failed[0].error).toBe(failed[1].error);
      expect(failed[0].totalDurationMs).toBe(failed[1].totalDurationMs);

      await simulator.setFault(relay.id, 'none');
      pastPulseHold(t.clock, device);
      await openGate(shortThere, { device, logDetails });
      expect(simulator.pulses(relay.id)).toHaveLength(2);
    } finally {
      await second.close();
    }
  });

  it('takes over a pulse whose process died (lease run out) without pulsing twice for it', async () => {
    const property = await seedProperty(t.app);
    const { relay, device } = await seedSimulatedGate(t.app, simulator, property.id);
    const now = t.app.config.now();
    await t.app.db.insert(devicePulses).values({
      id: crypto.randomUUID(),
      deviceId: device.id,
      startedAt: new Date(now.getTime() - 60_000),
      leaseUntil: new Date(now.getTime() - 50_000),
    });
    const press = await openGate(gateDependencies(t.app), { device, logDetails });
    expect(press.status).toBe('success');
    expect(simulator.pulses(relay.id)).toHaveLength(1);
  });
});
