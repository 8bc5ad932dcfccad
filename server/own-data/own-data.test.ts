import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  login,
  type SeededUser,
  seedProperty,
  seedUser,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/support/test-app';
import { betweenDatesBody, registerAs } from '../../test/support/visitor-test-support';
import { verifyActivityChains } from '../activity/activity-verify';
import { writeGateLog } from '../gate-log/gate-log-sink';
import { rowsOf } from '../platform/db/rows';

/** What names the resident: no table may hold any of these after erasure. */
const RESIDENT = { firstName: 'Zebulon', lastName: 'Quistgaard', phone: '5557654321' };
const NEIGHBOUR = { firstName: 'Nadia', lastName: 'Vornholt' };
/** The resident's visitor: their name goes too, the pass going with the account. */
const VISITOR = { firstName: 'Verbena', lastName: 'Thistlewood', email: 'verbena.thistlewood@example.com' };

let t: TestApp;
let propertyId: string;
let manager: SeededUser;
let resident: SeededUser;
let neighbour: SeededUser;
let root: SeededUser;
let residentCardId: string;
let neighbourCardId: string;
let groupId: string;

const call = (user: SeededUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(user.token), ...(payload ? { payload } : {}) });

async function gateEvent(
  user: SeededUser,
  person: { firstName: string; lastName: string },
  phone: string | null,
  visitor = { firstName: 'Guest', lastName: 'Visitor', email: 'guest@example.com' },
  reason?: string,
) {
  const details = { firstName: person.firstName, lastName: person.lastName, email: user.email, phoneNumber: phone };
  const base = {
    timestamp: t.clock.now(),
    status: 'success' as const,
    propertyId,
    deviceId: null,
    deviceDetails: { deviceName: 'North gate', deviceType: 'gate' },
    propertyDetails: { propertyName: 'Erasure Court', propertyLocation: '1 Lane' },
  };
  await writeGateLog(t.app.db, {
    ...base,
    callerType: 'user',
    credential: 'card',
    actorUserId: user.id,
    userDetails: details,
  });
  await writeGateLog(t.app.db, {
    ...base,
    callerType: 'visitor',
    credential: 'qr',
    creatorUserId: user.id,
    creatorDetails: details,
    visitorDetails: visitor,
    qrCodeDetails: { qrFirstName: visitor.firstName, qrLastName: visitor.lastName },
    reason,
  });
}

async function enrolCard(user: SeededUser, number: string, label: string) {
  const response = await call(manager, 'POST', '/api/cards', { userId: user.id, number, label });
  expect(response.statusCode).toBe(201);
  return response.json().card._id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2025-06-01T12:00:00Z');
  propertyId = (await seedProperty(t.app, { propertyFeatures: ['qr', 'rfid'] })).id;
  manager = await seedUser(t.app, { role: 'admin', propertyId, firstName: 'Morgan', lastName: 'Lee' });
  resident = await seedUser(t.app, {
    role: 'resident',
    propertyId,
    firstName: RESIDENT.firstName,
    lastName: RESIDENT.lastName,
    email: 'zebulon.quistgaard@example.com',
    phoneNumber: `+1${RESIDENT.phone}`,
  });
  neighbour = await seedUser(t.app, { role: 'resident', propertyId, ...NEIGHBOUR, email: 'nadia.v@example.com' });
  root = await seedUser(t.app, { role: 'superadmin', firstName: 'Sue', lastName: 'Root' });
  expect((await registerAs(t, resident, betweenDatesBody(VISITOR))).statusCode).toBe(200);
  expect(
    (await registerAs(t, neighbour, betweenDatesBody({ firstName: 'Nina', email: 'nina@example.com' }))).statusCode,
  ).toBe(200);
  residentCardId = await enrolCard(resident, '123:45678', 'Blue fob');
  neighbourCardId = await enrolCard(neighbour, '124:11111', 'Red fob');
  expect(
    (await call(manager, 'POST', `/api/resident/${resident.id}/suspend`, { reason: `${RESIDENT.firstName} asked` }))
      .statusCode,
  ).toBe(200);
  expect((await call(manager, 'POST', `/api/resident/${resident.id}/resume`)).statusCode).toBe(200);
  // Suspension ended their sessions: they sign in again.
  resident.token = await login(t.app, resident.email, TEST_PASSWORD, 'resident');
  await gateEvent(resident, RESIDENT, `+1${RESIDENT.phone}`, VISITOR);
  await gateEvent(neighbour, NEIGHBOUR, null);
  // Twelve API calls and five sign-ins (argon2) before the first case: on a shared machine this takes a while.
}, 180_000);
afterAll(() => t.close());

describe('a person downloads their own data', () => {
  it('holds their profile, visitors, cards, events and trail, and nothing of a neighbour or a secret', async () => {
    const response = await call(resident, 'GET', '/api/profile/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="gatehouse-my-data-.*\.json"$/);
    const data = response.json();
    expect(data.profile).toMatchObject({ _id: resident.id, email: resident.email, phoneNumber: `+1${RESIDENT.phone}` });
    expect(data.visitors.map((visitor: { firstName: string }) => visitor.firstName)).toEqual([VISITOR.firstName]);
    expect(data.visitors[0].passes).toHaveLength(1);
    expect(data.cards).toEqual([
      expect.objectContaining({ _id: residentCardId, hint: 'FC 123, card …678', label: 'Blue fob' }),
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.gateEvents.map((event: { by: string }) => event.by).sort()).toEqual(['you', 'your pass']);
    const actions = data.activity.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['account.sign-in', 'card.enrol', 'person.suspend', 'person.resume']),
    );
    const text = response.body;
    for (const foreign of [
      neighbour.email,
      NEIGHBOUR.lastName,
      'Nina',
      'nina@example.com',
      neighbourCardId,
      manager.email,
    ])
      expect(text).not.toContain(foreign);
    expect(text).not.toMatch(/passwordHash|password_hash|tokenHash|lookupHash|pinSealed|totp|45678/i);
    expect(text).not.toContain(resident.token);
  });

  it('is recorded in the trail', async () => {
    const rows = rowsOf<{ actor_id: string; summary: string }>(
      await t.app.db.execute(sql`select actor_id, summary from activity where action = 'account.data-exported'`),
    );
    expect(rows).toEqual([
      { actor_id: resident.id, summary: `${RESIDENT.firstName} ${RESIDENT.lastName} downloaded their data` },
    ]);
  });

  it('names their access groups (gates, hours) and puts words beside codes and a readable time beside each machine one', async () => {
    const [gate] = rowsOf<{ id: string }>(
      await t.app.db.execute(sql`insert into devices (property_id, device_name, device_ip_address, device_key_hash)
        values (${propertyId}, 'East gate', '10.0.0.9', 'x') returning id`),
    );
    const schedule = { weekly: { mon: [{ from: '06:00', to: '22:00' }] }, exceptions: [] };
    const [group] = rowsOf<{ id: string }>(
      await t.app.db.execute(sql`insert into access_groups (property_id, name, schedule)
        values (${propertyId}, 'Pool hours', ${JSON.stringify(schedule)}::jsonb) returning id`),
    );
    await t.app.db.execute(sql`insert into access_group_gates (group_id, device_id) values (${group.id}, ${gate.id})`);
    await t.app.db.execute(
      sql`insert into access_group_members (group_id, user_id) values (${group.id}, ${resident.id})`,
    );
    const data = (await call(resident, 'GET', '/api/profile/export')).json();
    expect(data.accessGroups).toContainEqual({
      name: 'Pool hours',
      gates: ['East gate'],
      hours: 'Mon: 06:00–22:00; Tue: closed; Wed: closed; Thu: closed; Fri: closed; Sat: closed; Sun: closed',
    });
    const neighbourView = (await call(neighbour, 'GET', '/api/profile/export')).json();
    expect(neighbourView.accessGroups.map((g: { name: string }) => g.name)).not.toContain('Pool hours');
    // The property's clock (America/New_York), in the app's format, beside the machine time.
    expect(data.timeZone).toBe('America/New_York');
    expect(data.exportedAt).toBe('2025-06-01T12:00:00.000Z');
    expect(data.exportedAtReadable).toBe('Sun, Jun 1, 2025 08:00 EDT');
    expect(data.profile.createdAtReadable).toMatch(/^\w{3}, \w{3} \d{1,2}, \d{4} \d{2}:\d{2} E[DS]T$/);
    const pass = data.visitors[0].passes[0];
    expect(pass).toMatchObject({ qrType: 'betweenDates', qrTypeWords: 'Between Dates' });
    expect(pass.startDateReadable).toMatch(/ E[DS]T$/);
    expect(data.sessions[0]).toHaveProperty('endedAtReadable');
    const event = data.gateEvents.find((e: { by: string }) => e.by === 'you');
    expect(event).toMatchObject({
      credential: 'card',
      credentialWords: 'Card',
      atReadable: 'Sun, Jun 1, 2025 08:00 EDT',
    });
    expect(data.activity[0].atReadable).toMatch(/ E[DS]T$/);
    await t.app.db.execute(sql`delete from access_groups where id = ${group.id}`);
    await t.app.db.execute(sql`delete from devices where id = ${gate.id}`);
  });
});

/** Every text, character, json and array column of every table, with how many rows hold `needle`. */
async function tablesHolding(needles: string[]) {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await t.app.db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
      where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
          or c.udt_name = 'citext')`),
  );
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const needle of needles) {
      const [{ n }] = rowsOf<{ n: number }>(
        await t.app.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`,
        ),
      );
      if (n) found.push(`${table_name}.${column_name} holds ${needle} (${n})`);
    }
  }
  return found;
}

const logTotals = async () =>
  rowsOf<{ events: number; counted: number }>(
    await t.app.db.execute(sql`select (select count(*)::int from relay_logs) as events,
      (select coalesce(sum(n), 0)::int from relay_log_daily_counts) as counted`),
  )[0];
const userCount = async () =>
  rowsOf<{ n: number }>(await t.app.db.execute(sql`select count(*)::int as n from users`))[0].n;

describe('a super administrator erases a person', () => {
  const needles = () => [
    resident.email,
    RESIDENT.firstName,
    RESIDENT.lastName,
    RESIDENT.phone,
    VISITOR.firstName,
    VISITOR.lastName,
    VISITOR.email,
  ];

  // A manager locks the property down giving their name, email and phone; a group bears their surname.
  beforeAll(async () => {
    const reason = `${RESIDENT.firstName} ${RESIDENT.lastName} (${resident.email}, ${RESIDENT.phone}) saw someone at the gate`;
    expect((await call(manager, 'POST', `/api/properties/${propertyId}/lockdown`, { reason })).statusCode).toBe(201);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/properties/${propertyId}/lockdown`,
          headers: bearer(manager.token),
        })
      ).statusCode,
    ).toBe(200);
    const [group] = rowsOf<{ id: string }>(
      await t.app.db.execute(sql`insert into access_groups (property_id, name, schedule)
        values (${propertyId}, ${`${RESIDENT.lastName} household`}, '{"ranges":[]}'::jsonb) returning id`),
    );
    await t.app.db.execute(
      sql`insert into access_group_members (group_id, user_id) values (${group.id}, ${resident.id})`,
    );
    await t.app.db.execute(
      sql`insert into access_group_members (group_id, user_id) values (${group.id}, ${neighbour.id})`,
    );
    groupId = group.id;
  });

  it('refuses a manager, a resident, an unknown person, a bad id and themselves, changing nothing', async () => {
    const before = await userCount();
    const erase = (user: SeededUser, id: string) => call(user, 'POST', `/api/resident/${id}/erase`);
    expect((await erase(manager, resident.id)).statusCode).toBe(403);
    expect((await erase(resident, neighbour.id)).statusCode).toBe(403);
    expect((await erase(root, '0b7f6c7e-34a3-4a3a-9d3c-6f1a2b3c4d5e')).statusCode).toBe(404);
    expect((await erase(root, 'not-an-id')).statusCode).toBe(400);
    const self = await erase(root, root.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot erase your own account');
    expect(await userCount()).toBe(before);
  });

  it('leaves no name, email or phone of theirs in any table, keeps the log totals, and the chains hold', async () => {
    expect(await tablesHolding(needles())).not.toEqual([]);
    const totals = await logTotals();
    const response = await call(root, 'POST', `/api/resident/${resident.id}/erase`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'The person was erased; they now appear as Erased person #1.',
      label: 'Erased person #1',
    });
    expect(await tablesHolding(needles())).toEqual([]);
    expect(await logTotals()).toEqual(totals);
    expect((await verifyActivityChains(t.app.db, t.app.config.secret)).broken).toEqual([]);
    // The neighbour is untouched; the resident's events and entries stand, under the label.
    expect(await tablesHolding([neighbour.email, NEIGHBOUR.lastName])).not.toEqual([]);
    const events = rowsOf<{ user_details: { firstName: string } | null; search_text: string }>(
      await t.app.db.execute(
        sql`select user_details, search_text from relay_logs where actor_user_id = ${resident.id}`,
      ),
    );
    expect(events).toEqual([
      { user_details: expect.objectContaining({ firstName: 'Erased person #1' }), search_text: 'erased person #1' },
    ]);
    const enrolment = rowsOf<{ summary: string }>(
      await t.app.db.execute(sql`select summary from activity where object_id = ${residentCardId}`),
    );
    expect(enrolment).toEqual([{ summary: "Enrolled card 'Blue fob' for Erased person #1" }]);
    const recorded = rowsOf<{ actor_id: string; summary: string }>(
      await t.app.db.execute(sql`select actor_id, summary from activity where action = 'person.erase'`),
    );
    expect(recorded).toEqual([{ actor_id: root.id, summary: 'Erased a person; they now appear as Erased person #1' }]);
    expect((await call(resident, 'GET', '/api/profile/export')).statusCode).toBe(401);
    // Their visitor's events stand under the visitor label; the group keeps its neighbour and its other words.
    const passEvents = rowsOf<{ visitor_details: { firstName: string }; search_text: string }>(
      await t.app.db.execute(
        sql`select visitor_details, search_text from relay_logs where creator_user_id = ${resident.id}`,
      ),
    );
    expect(passEvents).toEqual([
      {
        visitor_details: expect.objectContaining({ firstName: 'Visitor of Erased person #1' }),
        search_text: 'visitor of erased person #1 erased person #1 visitor of erased person #1',
      },
    ]);
    const groups = rowsOf<{ name: string }>(
      await t.app.db.execute(sql`select name from access_groups where id = ${groupId}`),
    );
    expect(groups).toEqual([{ name: 'Erased person #1 household' }]);
  });

  it("another person's visitor of the same name as the erased person is untouched: rows are chosen by ids", async () => {
    const twin = { firstName: 'Hester', lastName: 'Pennywhistle' };
    const erased = await seedUser(t.app, { role: 'resident', propertyId, ...twin, email: 'hester.p@example.com' });
    const namesake = { ...twin, email: 'another.hester@example.com' };
    expect((await registerAs(t, neighbour, betweenDatesBody(namesake))).statusCode).toBe(200);
    await gateEvent(neighbour, NEIGHBOUR, null, namesake, `${twin.firstName} ${twin.lastName} came early`);
    const namesakeRows = async () => ({
      visitors: rowsOf(
        await t.app.db.execute(sql`select first_name, last_name, email from visitors where email = ${namesake.email}`),
      ),
      events: rowsOf(
        await t.app.db.execute(
          sql`select visitor_details, reason, search_text from relay_logs where creator_user_id = ${neighbour.id} and search_text like '%pennywhistle%'`,
        ),
      ),
      trail: rowsOf(
        await t.app.db.execute(
          sql`select summary, changes from activity where actor_id = ${neighbour.id} and summary like '%Pennywhistle%'`,
        ),
      ),
    });
    const before = await namesakeRows();
    expect(before.visitors).toHaveLength(1);
    expect(before.events).toHaveLength(1);
    expect(before.trail.length).toBeGreaterThan(0);
    expect((await call(root, 'POST', `/api/resident/${erased.id}/erase`)).statusCode).toBe(200);
    expect(await namesakeRows()).toEqual(before);
    expect((await verifyActivityChains(t.app.db, t.app.config.secret)).broken).toEqual([]);
  });

  it('refuses to erase over a trail already broken, and changes nothing', async () => {
    const [first] = rowsOf<{ id: string }>(
      await t.app.db.execute(sql`select id from activity where object_id = ${neighbour.id} order by seq limit 1`),
    );
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`alter table activity disable trigger activity_append_only_rows`);
      await tx.execute(sql`update activity set summary = 'nothing happened' where id = ${first.id}`);
      await tx.execute(sql`alter table activity enable trigger activity_append_only_rows`);
    });
    const before = await userCount();
    const response = await call(root, 'POST', `/api/resident/${neighbour.id}/erase`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/fails its check at entry .*npm run audit:verify/);
    expect(await userCount()).toBe(before);
    expect(await tablesHolding([neighbour.email])).not.toEqual([]);
  });
});
