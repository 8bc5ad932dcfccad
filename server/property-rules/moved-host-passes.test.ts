import { ACCESS_RULE_MESSAGES } from '@core/rules/access-rule-messages';
import { ALWAYS } from '@core/rules/schedule';
import { and, eq, inArray } from 'drizzle-orm';
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
import { gateLogs } from '../gate-log/gate-log-tables';
import { accessGroupMembers, accessGroups } from './property-rule-tables';

// A pass opens only the gates of its host's current property: a resident moved to another
// property, or made a manager of one, leaves their visitors' and couriers' passes behind (issue 46.3).
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

/** The resident, also an explicit member of a group of their first property that opens every gate at every hour. */
async function residentWithExplicitGroup() {
  const world = await seedRuleWorld(t, simulator);
  const [pool] = await t.app.db
    .insert(accessGroups)
    .values({ propertyId: world.property.id, name: 'Pool and gates', allGates: true, schedule: ALWAYS })
    .returning();
  await t.app.db.insert(accessGroupMembers).values({ groupId: pool.id, userId: world.resident.id });
  return world;
}

const moveResident = (resident: SeededUser, change: { propertyId: string; role: 'resident' | 'admin' }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/resident/update',
    payload: { _id: resident.id, firstName: 'Rita', lastName: 'Resident', email: resident.email, ...change },
    headers: bearer(superadmin.token),
  });

const PASSES = ['qr', 'deliveryQr', 'deliveryPin'] as const;

describe("a host's passes after the host leaves the property", () => {
  it.each([
    ['moved to another property as a resident', 'resident'],
    ['made a manager of another property', 'admin'],
  ] as const)(
    'refuses the visitor QR, delivery QR and delivery PIN at the old gates when the host is %s',
    async (_how, role) => {
      const world = await residentWithExplicitGroup();
      const before = await world.tryEvery(world.gates[0], []);
      for (const kind of PASSES) expect(before[kind], kind).toMatchObject({ granted: true });

      const elsewhere = await seedProperty(t.app);
      expect((await moveResident(world.resident, { propertyId: elsewhere.id, role })).statusCode).toBe(200);
      for (const gate of world.gates) {
        const after = await world.tryEvery(gate, []);
        for (const kind of PASSES)
          expect(after[kind], kind).toMatchObject({
            granted: false,
            rule: 'not_allowed_at_gate',
            notice: ACCESS_RULE_MESSAGES.not_allowed_at_gate.reader,
          });
      }
      const logged = await t.app.db
        .select({ reason: gateLogs.reason })
        .from(gateLogs)
        .where(
          and(
            inArray(
              gateLogs.deviceId,
              world.gates.map((gate) => gate.device.id),
            ),
            eq(gateLogs.callerType, 'visitor'),
            eq(gateLogs.status, 'failed'),
          ),
        );
      expect(logged.map((row) => row.reason)).toEqual(
        Array(PASSES.length * world.gates.length).fill('Host no longer belongs to this property'),
      );
    },
  );
});
