import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRuleWorld } from '../../test/support/rule-test-support';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { users } from '../accounts/account-tables';
import { gateLogs } from '../gate-log/gate-log-tables';
import { accessGroups } from '../property-rules/property-rule-tables';

// A refused pass is logged with its real cause, not the rule's general words (issue 41.17): a host
// outside their dates is not a suspended host, and a pass for other gates is not a host in no group.
let t: TestApp;
const simulator = new RelaySimulator();
let superadmin: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-10T15:00:00Z');
  superadmin = await seedUser(t.app, { role: 'superadmin' });
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

type World = Awaited<ReturnType<typeof seedRuleWorld>>;
const asUser = (user: SeededUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(user.token) });

/** A delivery pass of the resident's that opens only the second gate: its QR code and PIN. */
async function passForSecondGate(world: World) {
  const created = await asUser(world.resident, '/api/delivery-passes', {
    uses: 5,
    hours: 24,
    gateIds: [world.gates[1].device.id],
  });
  expect(created.statusCode).toBe(201);
  return created.json().pass as { code: string; pin: string };
}

const CASES: [string, (world: World) => Promise<unknown>, string][] = [
  [
    'the host is suspended',
    (world) => t.app.db.update(users).set({ suspended: true }).where(eq(users.id, world.resident.id)),
    "Host's access paused",
  ],
  [
    'the host is outside their access dates',
    (world) => t.app.db.update(users).set({ accessUntil: '2026-03-01' }).where(eq(users.id, world.resident.id)),
    'Host outside access dates',
  ],
  [
    'the gate is locked down',
    (world) => asUser(world.manager, `/api/properties/${world.property.id}/lockdown`, { reason: 'Police request' }),
    'Lockdown',
  ],
  [
    'the host is in no group for the gate',
    (world) =>
      t.app.db.update(accessGroups).set({ allGates: false }).where(eq(accessGroups.propertyId, world.property.id)),
    'Host not in a group for this gate',
  ],
  [
    'the host moved to another property',
    async (world) => {
      const elsewhere = await seedProperty(t.app);
      await asUser(superadmin, '/api/resident/update', {
        _id: world.resident.id,
        firstName: 'Rita',
        lastName: 'Resident',
        email: world.resident.email,
        propertyId: elsewhere.id,
      });
    },
    'Host no longer belongs to this property',
  ],
];

describe('the gate log of a refused pass', () => {
  it.each(CASES)('says why when %s', async (_case, setUp, words) => {
    const world = await seedRuleWorld(t, simulator);
    await setUp(world);
    const answers = await world.tryEvery(world.gates[0], []);
    for (const kind of ['qr', 'deliveryQr', 'deliveryPin'])
      expect(answers[kind], kind).toMatchObject({ granted: false });
    const ofPasses = await t.app.db
      .select({ reason: gateLogs.reason })
      .from(gateLogs)
      .where(and(eq(gateLogs.deviceId, world.gates[0].device.id), eq(gateLogs.callerType, 'visitor')));
    expect(ofPasses.map((row) => row.reason)).toEqual([words, words, words]);
  });

  it('says the pass is not for this gate when it opens only other gates', async () => {
    const world = await seedRuleWorld(t, simulator);
    const pass = await passForSecondGate(world);
    const atFirstGate = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: bearer(world.gates[0].key) });
    expect((await atFirstGate('/api/access/qr', { code: pass.code })).json()).toMatchObject({ granted: false });
    expect((await atFirstGate('/api/access/pin', { pin: pass.pin })).json()).toMatchObject({ granted: false });
    const logged = await t.app.db
      .select({ reason: gateLogs.reason })
      .from(gateLogs)
      .where(eq(gateLogs.deviceId, world.gates[0].device.id));
    expect(logged.map((row) => row.reason)).toEqual(['Pass not valid at this gate', 'Pass not valid at this gate']);
  });
});
