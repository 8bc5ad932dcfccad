import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSimulatedGate } from '../../test/support/gate-test-support';
import { readUntil } from '../../test/support/read-until';
import { createTestApp, seedProperty, type TestApp, testConfig } from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { buildApp } from '../app/app';
import { commitOpeningOutcome, commitPendingOpening } from '../gate-log/gate-log-sink';
import { gateLogs } from '../gate-log/gate-log-tables';
import { ABANDONED_OPENING_REASON, markOpeningsOfDeadProcesses } from './abandoned-openings';
import { gateDependencies, openGate } from './gate-decision';
import { openingsInFlight } from './gate-tables';

let t: TestApp;
const simulator = new RelaySimulator();
let propertyId: string;
beforeAll(async () => {
  t = await createTestApp();
  propertyId = (await seedProperty(t.app)).id;
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const logDetails = { callerType: 'user' as const, credential: 'remote' as const };

/** An opening left pending with its marker, as a process leaves it when it dies during the pulse. */
function pendingOpening(leaseFromNowMs: number) {
  const now = t.app.config.now();
  return commitPendingOpening(
    t.app.db,
    { ...logDetails, timestamp: now, status: 'pending', propertyId, deviceId: null },
    new Date(now.getTime() + leaseFromNowMs),
  );
}

const rowsOf = (ids: string[]) =>
  t.app.db
    .select({ id: gateLogs.id, status: gateLogs.status, reason: gateLogs.reason })
    .from(gateLogs)
    .where(inArray(gateLogs.id, ids));
const statusOf = async (id: string) => (await rowsOf([id]))[0];
const markersOf = (ids: string[]) =>
  t.app.db.select().from(openingsInFlight).where(inArray(openingsInFlight.logId, ids));

describe('openings left in flight', () => {
  it('marks only those whose lease has run out as outcome unknown; a late outcome still wins', async () => {
    const dead = await pendingOpening(-1000);
    const live = await pendingOpening(60_000);

    expect(await markOpeningsOfDeadProcesses(gateDependencies(t.app))).toEqual([dead]);
    expect(await statusOf(dead)).toMatchObject({ status: 'unknown', reason: ABANDONED_OPENING_REASON });
    expect(await statusOf(live)).toMatchObject({ status: 'pending', reason: null });
    expect((await markersOf([dead, live])).map((marker) => marker.logId)).toEqual([live]);

    // A process stalled past its lease still writes what its relay did.
    await commitOpeningOutcome(t.app.db, {
      id: dead,
      status: 'success',
      reason: null,
      relayOperations: [{ command: 'relay on', success: true }],
      totalDurationMs: 40,
    });
    expect(await statusOf(dead)).toMatchObject({ status: 'success', reason: null });

    // The embedded database at start: no other process can hold it, so every opening in flight is a dead one's.
    expect(await markOpeningsOfDeadProcesses(gateDependencies(t.app), { everyInFlight: true })).toEqual([live]);
    expect(await markersOf([dead, live])).toEqual([]);
  });

  it('marks each once when two processes sweep at the same moment', async () => {
    const second = await buildApp(testConfig({ secret: t.app.config.secret, now: t.app.config.now }), t.database);
    try {
      const dead = await Promise.all([1, 2, 3].map(() => pendingOpening(-1000)));
      const sweeps = await Promise.all(
        [t.app, second, t.app, second].map((app) => markOpeningsOfDeadProcesses(gateDependencies(app))),
      );
      expect(sweeps.flat().sort()).toEqual([...dead].sort());
      expect((await rowsOf(dead)).map((row) => row.status)).toEqual(['unknown', 'unknown', 'unknown']);
    } finally {
      await second.close();
    }
  });

  it('leaves alone the opening another live process has in flight, which then ends with its real status', async () => {
    const second = await buildApp(testConfig({ secret: t.app.config.secret, now: t.app.config.now }), t.database);
    try {
      const { relay, device } = await seedSimulatedGate(t.app, simulator, propertyId);
      await simulator.setFault(relay.id, 'slow', 1000);
      const opening = openGate(gateDependencies(t.app), { device, logDetails });
      const inFlight = () => t.app.db.select().from(gateLogs).where(eq(gateLogs.deviceId, device.id));
      const rows = await readUntil(inFlight, (found) => found.length > 0, 5000);

      expect(await markOpeningsOfDeadProcesses(gateDependencies(second))).toEqual([]);
      expect(rows.map((row) => row.status)).toEqual(['pending']);
      expect((await opening).status).toBe('success');
      expect((await inFlight()).map((row) => row.status)).toEqual(['success']);
    } finally {
      await second.close();
    }
  });
});
