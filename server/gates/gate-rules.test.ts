import type { AccessRule } from '@core/rules/access-rule';
import { ACCESS_RULE_MESSAGES } from '@core/rules/access-rule-messages';
import { type AccessSchedule, ALWAYS } from '@core/rules/schedule';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveDeviceKey, seedSimulatedGate } from '../../test/support/gate-test-support';
import { seedVisitorWithCode } from '../../test/support/manage-test-support';
import { bearer, createTestApp, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { users } from '../accounts/account-tables';
import { deliveryPasses } from '../delivery/delivery-tables';
import { gateLogs } from '../gate-log/gate-log-tables';
import { assignResidentPin } from '../people/resident-pin';
import { randomToken, sha256Hex } from '../platform/crypto/keys';
import { accessGroupGates, accessGroupMembers, accessGroups, lockdowns } from '../property-rules/property-rule-tables';
import { qrCodes } from '../visitors/visitor-tables';

/**
 * The one gate decision applies the property's rules alike to every way in: the resident's own
 * credentials (app, Secure PIN, card) and the passes they made (visitor QR, delivery pass by QR
 * and by guest PIN). Each case builds a fresh property, changes one rule, and tries all six.
 */
let t: TestApp;
const simulator = new RelaySimulator();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const HOLDER_WAYS = ['remote', 'pin', 'card'] as const;
const PASS_WAYS = ['visitor-qr', 'delivery-qr', 'delivery-pin'] as const;
type Way = (typeof HOLDER_WAYS)[number] | (typeof PASS_WAYS)[number];

// Monday 2026-11-23 in New York.
const MONDAY_NOON = '2026-11-23T17:00:00Z';
const MONDAY_23H = '2026-11-24T04:00:00Z';
const daytime: AccessSchedule = {
  weekly: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [day, [{ from: '07:00', to: '22:00' }]])),
  exceptions: [],
};

async function world() {
  const property = await seedProperty(t.app, {
    propertyFeatures: ['qr', 'securepin', 'rfid'],
    timeZone: 'America/New_York',
  });
  const manager = await seedUser(t.app, { role: 'admin', propertyId: property.id });
  const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Rita' });
  const gates = await Promise.all(
    [0, 1].map(async () => {
      const { relay, device } = await seedSimulatedGate(t.app, simulator, property.id);
      return { relayId: relay.id, deviceId: device.id, key: await giveDeviceKey(t.app, device.id) };
    }),
  );
  const pin = await assignResidentPin(t.app.db, t.app.config.secret, { userId: resident.id, propertyId: property.id });
  const card = '04:A2:3B:1C';
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/api/cards',
    payload: { userId: resident.id, number: card, label: 'blue fob' },
    headers: bearer(manager.token),
  });
  expect(enrolled.statusCode).toBe(201);
  const visitorToken = randomToken();
  const { code } = await seedVisitorWithCode(t.app, { propertyId: property.id, createdBy: resident.id });
  await t.app.db
    .update(qrCodes)
    .set({ tokenHash: sha256Hex(visitorToken), startDate: new Date('2026-01-01T00:00:00Z') })
    .where(eq(qrCodes.id, code.id));
  const delivery = await t.app.inject({
    method: 'POST',
    url: '/api/delivery-passes',
    payload: { company: 'Parcel Co', uses: 10, hours: 24 },
    headers: bearer(resident.token),
  });
  expect(delivery.statusCode).toBe(201);
  const pass = delivery.json().pass as { _id: string; code: string; pin: string };
  return { property, manager, resident, gates, pin, card, visitorToken, visitorCodeId: code.id, pass };
}
type World = Awaited<ReturnType<typeof world>>;

const RULE_OF_WORDS = new Map<string, AccessRule>(
  Object.entries(ACCESS_RULE_MESSAGES).flatMap(([rule, words]) =>
    [words.reader, words.holder].filter(Boolean).map((text) => [text as string, rule as AccessRule]),
  ),
);

/** Tries one way in at a gate: null when the gate opened, else the rule that refused. */
async function attempt(w: World, way: Way, gate = w.gates[0], as = w.resident): Promise<AccessRule | 'other' | null> {
  const device = (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: path, payload, headers: bearer(gate.key) });
  if (way === 'remote') {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/device/trigger-relay',
      payload: { deviceId: gate.deviceId, propertyId: w.property.id },
      headers: bearer(as.token),
    });
    if (answer.statusCode === 200) return null;
    return RULE_OF_WORDS.get(answer.json().message) ?? 'other';
  }
  const answer = await {
    pin: () => device('/api/access/pin', { pin: w.pin }),
    card: () => device('/api/access/card', { card: w.card }),
    'visitor-qr': () => device('/api/access/qr', { code: w.visitorToken }),
    'delivery-qr': () => device('/api/access/qr', { code: w.pass.code }),
    'delivery-pin': () => device('/api/access/pin', { pin: w.pass.pin }),
  }[way]();
  const body = answer.json();
  if (body.granted) return null;
  return body.rule ?? 'other';
}

async function expectEveryWay(w: World, holderRule: AccessRule | null, passRule: AccessRule | null, gate = w.gates[0]) {
  const answers: Partial<Record<Way, unknown>> = {};
  for (const way of [...HOLDER_WAYS, ...PASS_WAYS]) answers[way] = await attempt(w, way, gate);
  const expected = Object.fromEntries([
    ...HOLDER_WAYS.map((way) => [way, holderRule]),
    ...PASS_WAYS.map((way) => [way, passRule]),
  ]);
  expect(answers).toEqual(expected);
}

const useGroups = async (w: World, groups: { gates: number[]; schedule: AccessSchedule }[]) => {
  await t.app.db.delete(accessGroups).where(eq(accessGroups.propertyId, w.property.id));
  for (const [i, group] of groups.entries()) {
    const [row] = await t.app.db
      .insert(accessGroups)
      .values({ propertyId: w.property.id, name: `Group ${i}`, schedule: group.schedule })
      .returning();
    await t.app.db.insert(accessGroupMembers).values({ groupId: row.id, userId: w.resident.id });
    for (const index of group.gates)
      await t.app.db.insert(accessGroupGates).values({ groupId: row.id, deviceId: w.gates[index].deviceId });
  }
};

describe('the property rules in the one gate decision, for every way in', () => {
  it('lets everyone in with the "All residents" group every property starts with', async () => {
    t.clock.set(MONDAY_23H);
    const w = await world();
    const [group] = await t.app.db.select().from(accessGroups).where(eq(accessGroups.propertyId, w.property.id));
    expect(group).toMatchObject({ name: 'All residents', allGates: true, allResidents: true, schedule: ALWAYS });
    await expectEveryWay(w, null, null);
  });

  it('refuses a resident in no group, and the passes they made: not allowed at this gate', async () => {
    t.clock.set(MONDAY_NOON);
    const w = await world();
    await useGroups(w, []);
    await expectEveryWay(w, 'not_allowed_at_gate', 'not_allowed_at_gate');
    expect(await attempt(w, 'remote', w.gates[0], w.manager)).toBeNull();
  });

  it("keeps a resident's own credentials to their group's hours, and their passes to their gates", async () => {
    const w = await world();
    await useGroups(w, [{ gates: [0], schedule: daytime }]);
    t.clock.set(MONDAY_NOON);
    await expectEveryWay(w, null, null);
    t.clock.set(MONDAY_23H);
    await expectEveryWay(w, 'outside_schedule', null);
    await expectEveryWay(w, 'not_allowed_at_gate', 'not_allowed_at_gate', w.gates[1]);
    expect(await attempt(w, 'remote', w.gates[1], w.manager)).toBeNull();
  });

  it('refuses everyone but managers during a lockdown, and only at its gates', async () => {
    t.clock.set(MONDAY_NOON);
    const w = await world();
    const [lockdown] = await t.app.db
      .insert(lockdowns)
      .values({
        propertyId: w.property.id,
        reason: 'Police request',
        gateIds: [w.gates[0].deviceId],
        startedBy: w.manager.id,
      })
      .returning();
    await expectEveryWay(w, 'lockdown', 'lockdown');
    await expectEveryWay(w, null, null, w.gates[1]);
    expect(await attempt(w, 'remote', w.gates[0], w.manager)).toBeNull();

    await t.app.db.update(users).set({ opensDuringLockdown: false }).where(eq(users.id, w.manager.id));
    expect(await attempt(w, 'remote', w.gates[0], w.manager)).toBe('lockdown');
    await t.app.db.update(users).set({ opensDuringLockdown: true }).where(eq(users.id, w.resident.id));
    await expectEveryWay(w, null, 'lockdown');

    await t.app.db
      .update(lockdowns)
      .set({ endsAt: new Date(MONDAY_NOON) })
      .where(eq(lockdowns.id, lockdown.id));
    await t.app.db.update(users).set({ opensDuringLockdown: null }).where(eq(users.id, w.resident.id));
    await expectEveryWay(w, null, null);
  });

  it('refuses a suspended resident and the passes they made, and lets both in again on resume', async () => {
    t.clock.set(MONDAY_NOON);
    const w = await world();
    await t.app.db
      .update(users)
      .set({ suspended: true, suspendedReason: 'Moved out' })
      .where(eq(users.id, w.resident.id));
    await expectEveryWay(w, 'suspended', 'host_suspended');
    await t.app.db.update(users).set({ suspended: false }).where(eq(users.id, w.resident.id));
    await expectEveryWay(w, null, null);
  });

  it("holds a resident to their access dates in the property's calendar, and their passes too", async () => {
    t.clock.set(MONDAY_NOON);
    const w = await world();
    await t.app.db.update(users).set({ accessUntil: '2026-11-22' }).where(eq(users.id, w.resident.id));
    await expectEveryWay(w, 'outside_access_dates', 'host_suspended');
    await t.app.db.update(users).set({ accessUntil: '2026-11-23' }).where(eq(users.id, w.resident.id));
    await expectEveryWay(w, null, null);
    // 2026-11-24 02:00 UTC is still Monday the 23rd in New York.
    t.clock.set('2026-11-24T02:00:00Z');
    await t.app.db
      .update(users)
      .set({ accessFrom: '2026-11-24', accessUntil: null })
      .where(eq(users.id, w.resident.id));
    await expectEveryWay(w, 'outside_access_dates', 'host_suspended');
  });

  it('opens a narrowed pass only at its gates', async () => {
    t.clock.set(MONDAY_NOON);
    const w = await world();
    const onlyGate1 = [w.gates[1].deviceId];
    await t.app.db.update(qrCodes).set({ gateIds: onlyGate1 }).where(eq(qrCodes.id, w.visitorCodeId));
    await t.app.db.update(deliveryPasses).set({ gateIds: onlyGate1 }).where(eq(deliveryPasses.id, w.pass._id));
    await expectEveryWay(w, null, 'not_allowed_at_gate');
    await expectEveryWay(w, null, null, w.gates[1]);
  });

  it('logs a refusal by rule with its words and pulses nothing', async () => {
    t.clock.set(MONDAY_NOON);
    const w = await world();
    await t.app.db.insert(lockdowns).values({ propertyId: w.property.id, reason: 'Storm' });
    const before = simulator.pulses(w.gates[0].relayId).length;
    expect(await attempt(w, 'card')).toBe('lockdown');
    const [row] = await t.app.db
      .select()
      .from(gateLogs)
      .where(eq(gateLogs.deviceId, w.gates[0].deviceId))
      .orderBy(desc(gateLogs.timestamp))
      .limit(1);
    expect(row).toMatchObject({ status: 'failed', reason: 'Lockdown', credential: 'card', actorUserId: w.resident.id });
    expect(simulator.pulses(w.gates[0].relayId).length).toBe(before);
  });
});
