import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSimulatedGate } from '../../test/support/gate-test-support';
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
import { endAllSessions } from '../authorization/session-queries';
import { gateLogs } from '../gate-log/gate-log-tables';

// Opening a gate identifies its caller from an earlier call and reads them again in the gate's
// own query; these pin down that a change to the user, made here or by another process, is
// refused on the very next press, and that the refused press never pulses the relay.
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

async function gateAndAdmin() {
  const { relay, device } = await seedSimulatedGate(t.app, simulator, propertyId);
  const admin = await seedUser(t.app, { role: 'admin', propertyId });
  const press = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/device/trigger-relay',
      headers: bearer(admin.token),
      payload: { deviceId: device.id, propertyId },
    });
  for (let i = 0; i < 2; i++) expect((await press()).statusCode).toBe(200);
  return { relay, admin, press };
}

const changeUser = (user: SeededUser, change: PgUpdateSetSource<typeof users>) =>
  t.app.db.update(users).set(change).where(eq(users.id, user.id));

describe('POST /api/device/trigger-relay after the caller changed', () => {
  it('refuses a token whose session has ended with 401 and no pulse', async () => {
    const { relay, admin, press } = await gateAndAdmin();
    const pulses = simulator.pulses(relay.id).length;
    await endAllSessions(t.app.db, admin.id, t.clock.now());
    expect((await press()).statusCode).toBe(401);
    expect(simulator.pulses(relay.id)).toHaveLength(pulses);
  });

  it('refuses a deleted user with 401 and no pulse', async () => {
    const { relay, admin, press } = await gateAndAdmin();
    const pulses = simulator.pulses(relay.id).length;
    await t.app.db.delete(users).where(eq(users.id, admin.id));
    expect((await press()).statusCode).toBe(401);
    expect(simulator.pulses(relay.id)).toHaveLength(pulses);
  });

  it('refuses an admin moved to another property with 404 and no pulse', async () => {
    const { relay, admin, press } = await gateAndAdmin();
    const pulses = simulator.pulses(relay.id).length;
    await changeUser(admin, { propertyId: (await seedProperty(t.app)).id });
    expect((await press()).statusCode).toBe(404);
    expect(simulator.pulses(relay.id)).toHaveLength(pulses);
  });

  it('logs the caller as they are now', async () => {
    const { admin, press } = await gateAndAdmin();
    await changeUser(admin, { firstName: 'Renamed' });
    expect((await press()).statusCode).toBe(200);
    const logs = await t.app.db
      .select({ userDetails: gateLogs.userDetails })
      .from(gateLogs)
      .where(eq(gateLogs.actorUserId, admin.id));
    expect(logs.map((log) => log.userDetails?.firstName)).toContain('Renamed');
  });
});
