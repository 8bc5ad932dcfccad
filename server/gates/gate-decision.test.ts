import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSimulatedGate } from '../../test/support/gate-test-support';
import { createTestApp, seedProperty, type TestApp } from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { relayLogs } from '../platform/db/schema';
import { type GateDeps, openGate } from './gate-decision';
import { gateDependencies } from './gate-dependencies';
import { statusOf } from './relay-pulse';

let t: TestApp;
const simulator = new RelaySimulator();
let propertyId: string;
let gate: GateDeps;
const logDetails = { callerType: 'user' as const };

beforeAll(async () => {
  t = await createTestApp();
  gate = gateDependencies(t.app);
  propertyId = (await seedProperty(t.app)).id;
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const logsOf = (openings: { logId: string }[]) =>
  t.app.db
    .select()
    .from(relayLogs)
    .where(
      inArray(
        relayLogs.id,
        openings.map((opening) => opening.logId),
      ),
    );

describe('openGate', () => {
  it('joins concurrent presses on one gate into one pulse, and logs every press', async () => {
    const { relay, device } = await seedSimulatedGate(t.app, simulator, propertyId);
    await simulator.setFault(relay.id, 'slow', 300);
    const presses = await Promise.all([1, 2, 3].map(() => openGate(gate, { device, logDetails })));
    expect(simulator.pulses(relay.id)).toHaveLength(1);
    expect(presses.map((press) => press.status)).toEqual(['success', 'success', 'success']);
    const logs = await logsOf(presses);
    expect(logs).toHaveLength(3);

    await openGate(gate, { device, logDetails });
    expect(simulator.pulses(relay.id)).toHaveLength(2);
  });

  it('pulses two gates in parallel', async () => {
    const first = await seedSimulatedGate(t.app, simulator, propertyId);
    const second = await seedSimulatedGate(t.app, simulator, propertyId);
    await simulator.setFault(first.relay.id, 'slow', 500);
    await simulator.setFault(second.relay.id, 'slow', 500);
    let firstAnsweredAt = 0;
    await Promise.all([
      openGate(gate, { device: first.device, logDetails }).then(() => {
        firstAnsweredAt = Date.now();
      }),
      openGate(gate, { device: second.device, logDetails }),
    ]);
    const [secondPulse] = simulator.pulses(second.relay.id);
    expect(simulator.pulses(first.relay.id)).toHaveLength(1);
    expect(new Date(secondPulse.at).getTime()).toBeLessThan(firstAnsweredAt);
  });

  it('commits one log row per opening when many gates open at once, each naming its own gate', async () => {
    const gates = await Promise.all([1, 2, 3, 4, 5, 6].map(() => seedSimulatedGate(t.app, simulator, propertyId)));
    const openings = await Promise.all(gates.map(({ device }) => openGate(gate, { device, logDetails })));
    const logs = await logsOf(openings);
    expect(logs.map((log) => log.deviceId).sort()).toEqual(gates.map(({ device }) => device.id).sort());
    for (const { relay } of gates) expect(simulator.pulses(relay.id)).toHaveLength(1);
  });

  it('refuses a loopback relay when local devices are not allowed, and still logs the attempt', async () => {
    const strict = await createTestApp({ allowLocalDevices: false });
    try {
      const property = await seedProperty(strict.app);
      const { relay, device } = await seedSimulatedGate(strict.app, simulator, property.id);
      const opening = await openGate(gateDependencies(strict.app), { device, logDetails });
      expect(opening.status).toBe('failed');
      expect(simulator.pulses(relay.id)).toHaveLength(0);
      const [log] = await strict.app.db.select().from(relayLogs).where(eq(relayLogs.id, opening.logId));
      expect(log.reason).toMatch(/local address/);
    } finally {
      await strict.close();
    }
  });

  it('does not follow a redirect', async () => {
    const { relay, device } = await seedSimulatedGate(t.app, simulator, propertyId, { protocol: 'http-template' });
    const redirecting = { ...device, driverSettings: { method: 'GET', pathTemplate: '/redirect' } };
    const answer = await openGate(gate, { device: redirecting, logDetails });
    expect(answer.status).toBe('failed');
    expect(simulator.pulses(relay.id)).toHaveLength(0);
  });
});

describe('statusOf', () => {
  it('is success when every operation succeeded, failed when none did, partial otherwise', () => {
    expect(statusOf([{ command: 'a', success: true }])).toBe('success');
    expect(statusOf([{ command: 'a', success: false }])).toBe('failed');
    expect(statusOf([])).toBe('failed');
    expect(
      statusOf([
        { command: 'a', success: true },
        { command: 'b', success: false },
      ]),
    ).toBe('partial');
  });
});
