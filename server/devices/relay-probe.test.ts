import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSimulatedGate } from '../../test/support/gate-test-support';
import { createTestApp, seedProperty, type TestApp, testConfig } from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { buildApp } from '../app/app';
import { deviceHealth } from '../device-health/device-health-tables';
import { deviceHealthOf } from '../device-health/health-rule';
import { probeDueRelays, RELAY_PROBE_EVERY_MS } from './relay-probe';

const credentials = { username: 'admin', password: 'relay-secret' };

describe('the HTTP relays’ status probe', () => {
  let t: TestApp;
  const simulator = new RelaySimulator();
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-05-01T12:00:00Z');
  });
  afterAll(async () => {
    await simulator.close();
    await t.close();
  });

  const onlineOf = async (deviceId: string) => {
    const [row] = await t.app.db.select().from(deviceHealth).where(eq(deviceHealth.deviceId, deviceId));
    return deviceHealthOf(row ?? null, t.app.config.now()).online;
  };
  const nextMinute = () => t.clock.advance(RELAY_PROBE_EVERY_MS + 1000);

  it('finds each Shelly and Tasmota relay online, offline once it stops answering, online when back, without a pulse', async () => {
    const propertyId = (await seedProperty(t.app)).id;
    const gates = await Promise.all([
      seedSimulatedGate(t.app, simulator, propertyId, { protocol: 'shelly-gen1', credentials }),
      seedSimulatedGate(t.app, simulator, propertyId, { protocol: 'shelly-gen2', credentials }),
      seedSimulatedGate(t.app, simulator, propertyId, { protocol: 'tasmota', credentials }),
    ]);
    // A template's URL may switch the relay, so it is never probed: it stays unknown.
    const template = await seedSimulatedGate(t.app, simulator, propertyId, { protocol: 'http-template' });

    nextMinute();
    await probeDueRelays(t.app);
    for (const { device } of gates) expect(await onlineOf(device.id)).toBe(true);
    expect(await onlineOf(template.device.id)).toBeNull();
    for (const { relay } of [...gates, template]) expect(simulator.pulses(relay.id)).toEqual([]);

    for (const { relay } of gates) await simulator.setFault(relay.id, 'down');
    await probeDueRelays(t.app);
    // Within the minute nothing is asked again.
    for (const { device } of gates) expect(await onlineOf(device.id)).toBe(true);
    nextMinute();
    await probeDueRelays(t.app);
    for (const { device } of gates) expect(await onlineOf(device.id)).toBe(false);

    for (const { relay } of gates) await simulator.setFault(relay.id, 'none');
    nextMinute();
    await probeDueRelays(t.app);
    for (const { device } of gates) expect(await onlineOf(device.id)).toBe(true);
  });

  it('probes each relay once a minute however many processes sweep at once', async () => {
    const propertyId = (await seedProperty(t.app)).id;
    const seeded = await Promise.all(
      Array.from({ length: 6 }, () => seedSimulatedGate(t.app, simulator, propertyId, { protocol: 'shelly-gen1' })),
    );
    // A second app on the same database has its own memory, as a second process would.
    const second = await buildApp(testConfig({ secret: t.app.config.secret, now: t.app.config.now }), t.database);
    try {
      nextMinute();
      const counts = await Promise.all([probeDueRelays(t.app), probeDueRelays(second), probeDueRelays(t.app)]);
      const [rows] = await Promise.all([t.app.db.select().from(deviceHealth)]);
      const seededIds = new Set(seeded.map(({ device }) => device.id));
      expect(rows.filter((row) => seededIds.has(row.deviceId) && row.relayProbedAt)).toHaveLength(6);
      // Every HTTP relay with a probe on this database (these six and the earlier three) exactly once.
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(9);
    } finally {
      await second.close();
    }
  });
});
