import { LOCKDOWN_MESSAGES } from '@core/api/lockdown';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pastPulseHold } from '../../test/support/gate-test-support';
import { Mailbox } from '../../test/support/mailbox';
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
import { lockdowns } from './property-rule-tables';

let t: TestApp;
const simulator = new RelaySimulator();
const mailbox = new Mailbox();
let superadmin: SeededUser;

beforeAll(async () => {
  await mailbox.start();
  t = await createTestApp({ smtpUrl: mailbox.url });
  superadmin = await seedUser(t.app, { role: 'superadmin' });
});
afterAll(async () => {
  await simulator.close();
  await t.close();
  await mailbox.stop();
});

const url = (propertyId: string) => `/api/properties/${propertyId}/lockdown`;
const start = (propertyId: string, user: SeededUser, payload: object) =>
  t.app.inject({ method: 'POST', url: url(propertyId), payload, headers: bearer(user.token) });
const current = (propertyId: string, user: SeededUser) =>
  t.app.inject({ method: 'GET', url: url(propertyId), headers: bearer(user.token) });
const end = (propertyId: string, user: SeededUser) =>
  t.app.inject({ method: 'DELETE', url: url(propertyId), headers: bearer(user.token) });
const noticeRows = (propertyId: string) =>
  t.app.db
    .select()
    .from(gateLogs)
    .where(and(eq(gateLogs.propertyId, propertyId), eq(gateLogs.status, 'notice')))
    .orderBy(gateLogs.timestamp);

const granted = { granted: true };
const lockedDown = { granted: false, rule: 'lockdown', notice: 'Gate locked down' };

describe('lockdown', () => {
  it('refuses every credential at every gate while in force, except the manager, and works again once ended', async () => {
    const world = await seedRuleWorld(t, simulator);
    const before = await world.tryEvery();
    for (const kind of Object.keys(before)) expect(before[kind], kind).toMatchObject(granted);

    const started = await start(world.property.id, world.manager, { reason: 'Intruder on the property' });
    expect(started.statusCode).toBe(201);
    expect(started.json()).toMatchObject({
      propertyId: world.property.id,
      gateIds: null,
      reason: 'Intruder on the property',
      startedBy: { _id: world.manager.id, name: 'Mona admin' },
      endsAt: null,
      endedAt: null,
    });
    expect((await current(world.property.id, world.resident)).json()).toMatchObject({ _id: started.json()._id });

    const pulsesBefore = world.gates.map((gate) => simulator.pulses(gate.relay.id).length);
    pastPulseHold(t.clock); // the gates opened before the lockdown
    for (const gate of world.gates) {
      const during = await world.tryEvery(gate);
      expect(during.qr).toMatchObject(lockedDown);
      expect(during.deliveryQr).toMatchObject(lockedDown);
      expect(during.deliveryPin).toMatchObject(lockedDown);
      expect(during.pin).toMatchObject({ granted: false, rule: 'lockdown' });
      expect(during.card).toMatchObject({ granted: false, rule: 'lockdown' });
      expect(during['remote-resident']).toMatchObject({ status: 403 });
      expect(during['remote-resident'].message).toMatch(/lockdown|locked down/i);
      expect(during['remote-admin']).toMatchObject({ status: 200 });
    }
    // Only the manager's two remote opens pulsed.
    expect(world.gates.map((gate, i) => simulator.pulses(gate.relay.id).length - pulsesBefore[i])).toEqual([1, 1]);
    const refusals = await t.app.db
      .select()
      .from(gateLogs)
      .where(and(eq(gateLogs.propertyId, world.property.id), eq(gateLogs.reason, 'Lockdown')));
    expect(refusals.length).toBeGreaterThanOrEqual(10);

    const second = await start(world.property.id, superadmin, { reason: 'Police request' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(LOCKDOWN_MESSAGES.alreadyInForce);

    const ended = await end(world.property.id, world.manager);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ endedBy: { _id: world.manager.id }, endedAt: expect.any(String) });
    expect((await current(world.property.id, world.manager)).json()).toBeNull();
    const after = await world.tryEvery();
    for (const kind of Object.keys(after)) expect(after[kind], kind).toMatchObject(granted);
    expect((await end(world.property.id, world.manager)).statusCode).toBe(409);

    const notices = await noticeRows(world.property.id);
    expect(notices.map((row) => [row.reason, row.actorUserId, row.deviceDetails?.deviceName])).toEqual([
      ['Lockdown started: Intruder on the property', world.manager.id, 'All gates'],
      ['Lockdown ended: Intruder on the property', world.manager.id, 'All gates'],
    ]);
    expect(notices[0].userDetails).toMatchObject({ email: world.manager.email });
  });

  it('locks down chosen gates only, and refuses gates of another property, a past end and an empty reason', async () => {
    const world = await seedRuleWorld(t, simulator);
    const other = await seedRuleWorld(t, simulator);
    const foreign = await start(world.property.id, world.manager, {
      reason: 'Storm',
      gateIds: [other.gates[0].device.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors).toEqual({ gateIds: LOCKDOWN_MESSAGES.notThisPropertysGate });
    const past = await start(world.property.id, world.manager, {
      reason: 'Storm',
      endsAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors).toEqual({ endsAt: LOCKDOWN_MESSAGES.endsInThePast });
    const blank = await start(world.property.id, world.manager, { reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.reason).toBe(LOCKDOWN_MESSAGES.reasonRequired);
    expect(await t.app.db.select().from(lockdowns).where(eq(lockdowns.propertyId, world.property.id))).toEqual([]);

    const north = world.gates[0];
    const started = await start(world.property.id, world.manager, { reason: 'Storm', gateIds: [north.device.id] });
    expect(started.statusCode).toBe(201);
    expect((await world.tryEvery(world.gates[0], [world.resident])).pin).toMatchObject({ rule: 'lockdown' });
    expect((await world.tryEvery(world.gates[1], [world.resident])).pin).toMatchObject(granted);
    const [notice] = await noticeRows(world.property.id);
    expect(notice.deviceDetails?.deviceName).toBe('North gate');
    expect(notice.deviceId).toBe(north.device.id);
  });

  it('lets only managers of the property and super administrators start, read and end it', async () => {
    const world = await seedRuleWorld(t, simulator);
    const elsewhere = await seedProperty(t.app);
    const otherManager = await seedUser(t.app, { role: 'admin', propertyId: elsewhere.id });
    expect((await start(world.property.id, world.resident, { reason: 'Mine' })).statusCode).toBe(403);
    // Another property's manager is answered as if the property did not exist.
    expect((await start(world.property.id, otherManager, { reason: 'Theirs' })).statusCode).toBe(404);
    expect((await current(world.property.id, otherManager)).statusCode).toBe(404);
    expect(await t.app.db.select().from(lockdowns).where(eq(lockdowns.propertyId, world.property.id))).toEqual([]);
    expect((await start(world.property.id, superadmin, { reason: 'Police request' })).statusCode).toBe(201);
    expect((await end(world.property.id, world.resident)).statusCode).toBe(403);
    expect((await end(world.property.id, otherManager)).statusCode).toBe(404);
    expect((await current(world.property.id, world.manager)).json()).not.toBeNull();
    expect((await end(world.property.id, superadmin)).statusCode).toBe(200);
  });

  it('answers 404 in words to a super administrator for a property that does not exist, and stores nothing', async () => {
    const unknown = crypto.randomUUID();
    for (const answer of [
      await start(unknown, superadmin, { reason: 'Police request' }),
      await current(unknown, superadmin),
      await end(unknown, superadmin),
    ]) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().message).toEqual(expect.any(String));
    }
    expect(await t.app.db.select().from(lockdowns).where(eq(lockdowns.propertyId, unknown))).toEqual([]);
  });

  it('ends at its end time: logged and emailed to every manager once, however many times the end is looked for', async () => {
    const world = await seedRuleWorld(t, simulator);
    const second = await seedUser(t.app, { role: 'admin', propertyId: world.property.id, firstName: 'Max' });
    const endsAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const started = await start(world.property.id, world.manager, { reason: 'Police request', endsAt });
    expect(started.statusCode).toBe(201);
    expect(started.json().endsAt).toBe(endsAt);
    for (const manager of [world.manager, second])
      await mailbox.waitFor(manager.email, (mail) => mail.subject?.startsWith('Lockdown started') ?? false);
    const startMail = mailbox.to(second.email).find((mail) => mail.subject?.startsWith('Lockdown started'));
    expect(startMail?.text).toContain('Police request');
    expect(startMail?.text).toContain('Mona admin');

    expect((await world.tryEvery(world.gates[0], [world.resident])).pin).toMatchObject({ rule: 'lockdown' });
    t.clock.advance(3_600_001);
    // The decision ignores an expired lockdown before any sweep marks it ended.
    expect((await world.tryEvery(world.gates[0], [world.resident])).pin).toMatchObject(granted);
    expect((await current(world.property.id, world.manager)).json()).toBeNull();
    await Promise.all([t.app.jobs.kick(), t.app.jobs.kick(), t.app.jobs.kick()]);
    for (const manager of [world.manager, second])
      await mailbox.waitFor(manager.email, (mail) => mail.subject?.startsWith('Lockdown ended') ?? false);
    // A later start sweeps too: it must not end (or email) the same lockdown again.
    expect((await start(world.property.id, world.manager, { reason: 'Storm' })).statusCode).toBe(201);
    await t.app.jobs.kick();
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const manager of [world.manager, second]) {
      const subjects = mailbox.to(manager.email).map((mail) => mail.subject);
      expect(subjects.filter((subject) => subject?.startsWith('Lockdown ended'))).toHaveLength(1);
      expect(subjects.filter((subject) => subject?.startsWith('Lockdown started'))).toHaveLength(2);
    }
    const [row] = await t.app.db.select().from(lockdowns).where(eq(lockdowns.id, started.json()._id));
    expect(row.endedAt?.toISOString()).toBe(endsAt);
    expect(row.endedBy).toBeNull();
    const notices = await noticeRows(world.property.id);
    expect(notices.map((notice) => notice.reason)).toEqual([
      'Lockdown started: Police request',
      'Lockdown ended at its end time: Police request',
      'Lockdown started: Storm',
    ]);
    expect(notices[1].userDetails?.firstName).toBe(LOCKDOWN_MESSAGES.scheduledEnd);
  });
});
