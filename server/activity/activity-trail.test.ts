import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/support/test-app';
import { rowsOf } from '../platform/db/rows';
import { activityHeads } from './activity-tables';
import { verifyActivityChains } from './activity-verify';

let t: TestApp;
let manager: SeededUser;
let resident: SeededUser;
let otherManager: SeededUser;
let propertyId: string;
beforeAll(async () => {
  t = await createTestApp();
  propertyId = (await seedProperty(t.app, { propertyFeatures: ['qr', 'rfid'] })).id;
  manager = await seedUser(t.app, { role: 'admin', propertyId, firstName: 'Morgan', lastName: 'Lee' });
  resident = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Riley', lastName: 'Park' });
  const other = await seedProperty(t.app, { propertyFeatures: ['qr', 'rfid'] });
  otherManager = await seedUser(t.app, { role: 'admin', propertyId: other.id });
});
afterAll(() => t.close());

interface Row {
  id: string;
  action: string;
  actor_id: string | null;
  actor_name: string;
  summary: string;
  object_kind: string;
  object_id: string;
  property_id: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  request_id: string;
  user_agent: string | null;
  prev_hash: string;
  hash: string;
}
const entries = async () => rowsOf<Row>(await t.app.db.execute(sql`select * from activity order by seq`));
/** The card entries (seeding signs everyone in, which the trail records too). */
const cardEntries = async () => (await entries()).filter((row) => row.action.startsWith('card.'));
const call = (user: SeededUser, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...bearer(user.token), 'user-agent': 'trail-test' } });

describe('the activity trail', () => {
  it('records a card enrolment once, with actor, object and fields, and the card only by its hint', async () => {
    const enrolled = await call(manager, 'POST', '/api/cards', {
      userId: resident.id,
      number: '123:45678',
      label: 'Blue fob',
    });
    expect(enrolled.statusCode).toBe(201);
    const rows = await cardEntries();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'card.enrol',
      actor_id: manager.id,
      actor_name: 'Morgan Lee',
      summary: "Enrolled card 'Blue fob' for Riley Park",
      object_kind: 'card',
      object_id: enrolled.json().card._id,
      property_id: propertyId,
      request_id: enrolled.headers['x-request-id'],
      user_agent: 'trail-test',
      changes: { label: { before: null, after: 'Blue fob' }, hint: { before: null, after: 'FC 123, card …678' } },
    });
    expect(JSON.stringify(rows)).not.toMatch(/45678|8107790/);
  });

  it('records nothing for a refused call (403, 400, 409)', async () => {
    const before = (await entries()).length;
    expect((await call(otherManager, 'POST', '/api/cards', { userId: resident.id, number: '9:9' })).statusCode).toBe(
      404,
    );
    expect((await call(manager, 'POST', '/api/cards', { userId: resident.id, number: 'blue' })).statusCode).toBe(400);
    expect((await call(manager, 'POST', '/api/cards', { userId: resident.id, number: '123:45678' })).statusCode).toBe(
      409,
    );
    expect((await call(resident, 'POST', '/api/cards', { userId: resident.id, number: '1:1' })).statusCode).toBe(403);
    expect(await entries()).toHaveLength(before);
  });

  it('records an update with before and after, and links it to the entry before it', async () => {
    const [enrol] = await cardEntries();
    const updated = await call(manager, 'PATCH', `/api/cards/${enrol.object_id}`, {
      enabled: false,
      label: 'Lost fob',
    });
    expect(updated.statusCode).toBe(200);
    const rows = await cardEntries();
    expect(rows.at(-1)).toMatchObject({
      action: 'card.update',
      changes: { enabled: { before: true, after: false }, label: { before: 'Blue fob', after: 'Lost fob' } },
      prev_hash: enrol.hash,
    });
    const removed = await call(manager, 'DELETE', `/api/cards/${enrol.object_id}`);
    expect(removed.statusCode).toBe(200);
    expect((await entries()).at(-1)).toMatchObject({
      action: 'card.remove',
      summary: "Removed card 'Lost fob' of Riley Park",
    });
    expect((await verifyActivityChains(t.app.db, t.app.config.secret)).broken).toEqual([]);
  });

  it('lists the trail to the property manager and super administrators, and exports it as CSV', async () => {
    const root = await seedUser(t.app, { role: 'superadmin' });
    const get = (user: SeededUser, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(user.token) });
    const own = await get(manager, '/api/activity?kind=card&limit=2');
    expect(own.statusCode).toBe(200);
    expect(own.json().pagination).toEqual({ totalItems: 3, totalPages: 2, currentPage: 1 });
    expect(own.json().entries[0]).toMatchObject({
      action: 'card.remove',
      actor: { _id: manager.id, name: 'Morgan Lee' },
    });
    expect((await get(otherManager, '/api/activity?kind=card')).json().entries).toEqual([]);
    expect((await get(otherManager, `/api/activity?propertyId=${propertyId}`)).statusCode).toBe(404);
    expect((await get(resident, '/api/activity')).statusCode).toBe(403);
    expect((await get(root, `/api/activity?propertyId=${propertyId}&search=lost`)).json().pagination.totalItems).toBe(
      2,
    );
    const bad = await get(root, '/api/activity?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.to).toBe('The end must not be before the start.');
    const csv = await get(manager, '/api/activity/export');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain("Enrolled card 'Blue fob' for Riley Park");
    expect(csv.body).toContain('label: Blue fob → Lost fob');
    // The chain's signed head as it stands after the export's own entry (docs/decisions/0069).
    const [head] = await t.app.db.select().from(activityHeads).where(eq(activityHeads.chain, propertyId));
    expect(csv.headers['x-trail-head']).toBe(`#${head.seq} ${head.hash} ${head.mac}`);
    const newest = await entries();
    expect(newest.filter((row) => row.property_id === propertyId).at(-1)?.hash).toBe(head.hash);
  });

  it('records a sign-in, a wrong password for a known account only, and a sign-out; never the password', async () => {
    const before = (await entries()).length;
    const login = (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/resident/login', payload: { email, password, userType: 'resident' } });
    expect((await login(resident.email, 'not the password 1')).statusCode).toBe(401);
    expect((await login('nobody@example.com', 'typed in the wrong box')).statusCode).toBe(401);
    const signedIn = await login(resident.email, TEST_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(signedIn.json().token) });
    expect(out.statusCode).toBe(200);
    const added = (await entries()).slice(before);
    expect(added.map((row) => [row.action, row.actor_id, row.summary])).toEqual([
      ['account.sign-in-failed', resident.id, 'Wrong password for Riley Park'],
      ['account.sign-in', resident.id, 'Riley Park signed in with a password'],
      ['account.sign-out', resident.id, 'Riley Park signed out'],
    ]);
    const everything = JSON.stringify(await entries());
    for (const secret of ['not the password 1', 'typed in the wrong box', TEST_PASSWORD, signedIn.json().token])
      expect(everything).not.toContain(secret);
  });

  it('refuses UPDATE, DELETE and TRUNCATE as the application', async () => {
    const count = (await entries()).length;
    const refusal = (query: ReturnType<typeof sql>) =>
      t.app.db.execute(query).then(
        () => 'allowed',
        (error: Error) => (error.cause as Error | undefined)?.message ?? error.message,
      );
    expect(await refusal(sql`update activity set summary = 'nothing happened'`)).toMatch(/append-only: UPDATE/);
    expect(await refusal(sql`delete from activity`)).toMatch(/append-only: DELETE/);
    expect(await refusal(sql`truncate activity`)).toMatch(/append-only: TRUNCATE/);
    expect(await entries()).toHaveLength(count);
  });

  it('audit:verify names the first entry changed or removed by the owner with the trigger off', async () => {
    const rows = await entries();
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`alter table activity disable trigger activity_append_only_rows`);
      await tx.execute(sql`update activity set summary = 'Enrolled nothing' where id = ${rows[0].id}`);
      await tx.execute(sql`alter table activity enable trigger activity_append_only_rows`);
    });
    expect((await verifyActivityChains(t.app.db, t.app.config.secret)).broken).toEqual([
      expect.objectContaining({
        entryId: rows[0].id,
        problem: expect.stringMatching(/words do not match their digest/),
      }),
    ]);
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`alter table activity disable trigger activity_append_only_rows`);
      await tx.execute(sql`delete from activity where id = ${rows[0].id}`);
      await tx.execute(sql`delete from activity where id = ${rows[1].id}`);
      await tx.execute(sql`alter table activity enable trigger activity_append_only_rows`);
    });
    // The oldest rows went, not by retention: the row left first does not link to the signed start.
    const firstLeft = (await entries()).find((row) => row.property_id === rows[0].property_id);
    expect((await verifyActivityChains(t.app.db, t.app.config.secret)).broken).toContainEqual(
      expect.objectContaining({
        entryId: firstLeft?.id,
        problem: expect.stringMatching(/removed inside their retention/),
      }),
    );
  });
});
