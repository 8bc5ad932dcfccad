import { SUSPENSION_MESSAGES } from '@core/api/suspension';
import { MESSAGES } from '@core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRuleWorld } from '../../test/support/rule-test-support';
import { signInsAroundSuspension } from '../../test/support/sign-ins-around-suspension';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { users } from '../accounts/account-tables';
import { endPausedSessions } from '../authorization/paused-sessions';

let t: TestApp;
const simulator = new RelaySimulator();

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-10T15:00:00Z');
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const suspend = (userId: string, by: SeededUser, payload: object = { reason: 'Moved out' }) =>
  t.app.inject({ method: 'POST', url: `/api/resident/${userId}/suspend`, payload, headers: bearer(by.token) });
const resume = (userId: string, by: SeededUser) =>
  t.app.inject({ method: 'POST', url: `/api/resident/${userId}/resume`, headers: bearer(by.token) });
const signIn = (user: SeededUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/resident/login',
    payload: { email: user.email, password: TEST_PASSWORD, userType: user.role },
  });
const ownProfile = (user: SeededUser) =>
  t.app.inject({ method: 'GET', url: `/api/resident/get-by-id/${user.id}`, headers: bearer(user.token) });
let signInSource = 0;
/** Sign-ins from distinct addresses, so the per-source limit never answers in place of the rule. */
const signInFromNewSource = (user: SeededUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/resident/login',
    payload: { email: user.email, password: TEST_PASSWORD, userType: user.role },
    remoteAddress: `198.51.${Math.floor(++signInSource / 250)}.${(signInSource % 250) + 1}`,
  });
const listed = async (manager: SeededUser, query = '') =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/resident/get-all?limit=100${query}`,
      headers: bearer(manager.token),
    })
  ).json().users as {
    _id: string;
    suspended: boolean;
    suspendedReason: string | null;
    accessFrom: string | null;
    accessUntil: string | null;
  }[];
const editUser = (manager: SeededUser, user: SeededUser, dates: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/resident/update',
    payload: { _id: user.id, firstName: 'Rita', lastName: 'resident', email: user.email, ...dates },
    headers: bearer(manager.token),
  });

describe('suspension', () => {
  it('ends the sessions, refuses sign-in in words, refuses their PIN, card and passes, and resume restores them', async () => {
    const world = await seedRuleWorld(t, simulator);
    const { resident, manager } = world;
    const answer = await suspend(resident.id, manager);
    expect(answer.statusCode).toBe(200);
    expect((await ownProfile(resident)).statusCode).toBe(401);
    const refused = await signIn(resident);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SUSPENSION_MESSAGES.accessPaused(world.property.propertyName));
    expect(refused.json().message).toBe(
      `Your access at ${world.property.propertyName} is paused. Please contact your property manager.`,
    );
    const during = await world.tryEvery(world.gates[0], [manager]);
    expect(during.pin).toMatchObject({ granted: false, rule: 'suspended' });
    expect(during.card).toMatchObject({ granted: false, rule: 'suspended' });
    expect(during.qr).toMatchObject({ granted: false, rule: 'host_suspended' });
    expect(during.deliveryQr).toMatchObject({ granted: false, rule: 'host_suspended' });
    expect(during.deliveryPin).toMatchObject({ granted: false, rule: 'host_suspended' });
    expect(during['remote-admin']).toMatchObject({ granted: true });
    const shown = (await listed(manager)).find((user) => user._id === resident.id);
    expect(shown).toMatchObject({ suspended: true, suspendedReason: 'Moved out' });
    expect((await listed(manager, '&status=suspended')).map((user) => user._id)).toEqual([resident.id]);

    expect((await resume(resident.id, manager)).statusCode).toBe(200);
    const back = await signIn(resident);
    expect(back.statusCode).toBe(200);
    resident.token = back.json().token;
    const after = await world.tryEvery();
    for (const kind of Object.keys(after)) expect(after[kind], kind).toMatchObject({ granted: true });
    expect(await listed(manager, '&status=suspended')).toEqual([]);
  });

  it('refuses outside the access dates set in the edit dialog, checks their order, and ends the sessions', async () => {
    const world = await seedRuleWorld(t, simulator);
    const { resident, manager } = world;
    const backwards = await editUser(manager, resident, { accessFrom: '2026-04-01', accessUntil: '2026-03-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors).toEqual({ accessUntil: SUSPENSION_MESSAGES.accessDatesOrder });
    const [unchanged] = await t.app.db.select().from(users).where(eq(users.id, resident.id));
    expect([unchanged.accessFrom, unchanged.accessUntil]).toEqual([null, null]);

    // Still inside: nothing changes for them.
    expect(
      (await editUser(manager, resident, { accessFrom: '2026-03-01', accessUntil: '2026-03-10' })).statusCode,
    ).toBe(200);
    expect((await ownProfile(resident)).statusCode).toBe(200);
    expect((await listed(manager)).find((user) => user._id === resident.id)).toMatchObject({
      accessFrom: '2026-03-01',
      accessUntil: '2026-03-10',
    });
    // Moved out yesterday (the property's calendar, New York).
    expect((await editUser(manager, resident, { accessUntil: '2026-03-09' })).statusCode).toBe(200);
    expect((await ownProfile(resident)).statusCode).toBe(401);
    expect((await signIn(resident)).statusCode).toBe(403);
    const during = await world.tryEvery(world.gates[0], []);
    expect(during.pin).toMatchObject({ granted: false, rule: 'outside_access_dates' });
    expect(during.card).toMatchObject({ granted: false, rule: 'outside_access_dates' });
    expect(during.qr).toMatchObject({ granted: false, rule: 'host_suspended' });

    expect((await editUser(manager, resident, { accessUntil: '' })).statusCode).toBe(200);
    expect((await signIn(resident)).statusCode).toBe(200);
    expect((await world.tryEvery(world.gates[0], [])).pin).toMatchObject({ granted: true });
  });

  it('tells a person outside their dates when their access starts or when it ended, on the property’s clock', async () => {
    const world = await seedRuleWorld(t, simulator);
    const name = world.property.propertyName;
    expect((await editUser(world.manager, world.resident, { accessFrom: '2026-04-01' })).statusCode).toBe(200);
    const early = await signIn(world.resident);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(
      `Your access at ${name} starts on Wed, Apr 1, 2026 00:00 EDT. Please contact your property manager if you need it sooner.`,
    );
    expect(
      (await editUser(world.manager, world.resident, { accessFrom: '', accessUntil: '2026-03-08' })).statusCode,
    ).toBe(200);
    const late = await signIn(world.resident);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(
      `Your access at ${name} ended on Mon, Mar 9, 2026 00:00 EDT. Please contact your property manager.`,
    );
  });

  it('tells a browser whose session a suspension ended why, beside the usual 401', async () => {
    const world = await seedRuleWorld(t, simulator);
    expect((await suspend(world.resident.id, world.manager)).statusCode).toBe(200);
    const refused = await ownProfile(world.resident);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      message: MESSAGES.sessionExpired,
      signedOutBecause: `You were signed out. Your access at ${world.property.propertyName} is paused. Please contact your property manager.`,
    });
    // A session ended by signing out says nothing more.
    const signedOut = await seedUser(t.app, { role: 'resident', propertyId: world.property.id });
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(signedOut.token) });
    const ended = await ownProfile(signedOut);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().signedOutBecause).toBeUndefined();
  });

  it('ends the sessions of someone whose move-out date passed by itself, at the next sweep', async () => {
    const world = await seedRuleWorld(t, simulator);
    const bystander = await seedUser(t.app, { role: 'resident', propertyId: world.property.id });
    // The edit dialog set the last day to today; the sweep after midnight (the property's) ends it.
    await t.app.db.update(users).set({ accessUntil: '2026-03-10' }).where(eq(users.id, world.resident.id));
    expect(await endPausedSessions(t.app.db, t.clock.now())).toBe(0);
    expect((await ownProfile(world.resident)).statusCode).toBe(200);
    const afterMidnight = new Date('2026-03-11T05:30:00Z'); // 00:30 in New York
    expect(await endPausedSessions(t.app.db, afterMidnight)).toBeGreaterThanOrEqual(1);
    expect((await ownProfile(world.resident)).statusCode).toBe(401);
    expect((await ownProfile(bystander)).statusCode).toBe(200);
  });

  it('leaves no working token to a sign-in racing the suspension: the suspension and the session serialise on the person', async () => {
    const { resident, manager } = await seedRuleWorld(t, simulator);
    const { tokens, suspension } = await signInsAroundSuspension(
      () => signInFromNewSource(resident),
      () => suspend(resident.id, manager),
    );
    expect(suspension.statusCode).toBe(200);
    const working: string[] = [];
    for (const token of tokens) if ((await ownProfile({ ...resident, token })).statusCode !== 401) working.push(token);
    expect({ signedIn: tokens.length, stillWorking: working.length }).toEqual({
      signedIn: tokens.length,
      stillWorking: 0,
    });
    expect(tokens.length).toBeGreaterThan(0);
  });

  it('refuses a person giving themselves their access back, in words', async () => {
    const { manager } = await seedRuleWorld(t, simulator);
    const self = await resume(manager.id, manager);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(SUSPENSION_MESSAGES.cannotResumeSelf);
  });

  it('lets only managers of the person’s property and super administrators suspend, never themselves', async () => {
    const world = await seedRuleWorld(t, simulator);
    const elsewhere = await seedProperty(t.app);
    const otherManager = await seedUser(t.app, { role: 'admin', propertyId: elsewhere.id });
    const neighbour = await seedUser(t.app, { role: 'resident', propertyId: world.property.id });
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    expect((await suspend(world.resident.id, neighbour)).statusCode).toBe(403);
    expect((await suspend(world.resident.id, otherManager)).statusCode).toBe(404);
    expect((await resume(world.resident.id, otherManager)).statusCode).toBe(404);
    const self = await suspend(world.manager.id, world.manager);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(SUSPENSION_MESSAGES.cannotSuspendSelf);
    const blank = await suspend(world.resident.id, world.manager, { reason: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual({ reason: SUSPENSION_MESSAGES.reasonRequired });
    const [untouched] = await t.app.db.select().from(users).where(eq(users.id, world.resident.id));
    expect(untouched.suspended).toBe(false);
    expect((await suspend(world.manager.id, superadmin, { reason: 'Left the job' })).statusCode).toBe(200);
    expect((await signIn(world.manager)).statusCode).toBe(403);
  });
});
