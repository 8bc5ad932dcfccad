import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { betweenDatesBody, registerAs } from '../../test/support/visitor-test-support';
import { activity } from '../activity/activity-tables';
import { verifyActivityChains } from '../activity/activity-verify';
import { qrCodes } from './visitor-tables';

/** Each visitor route records one trail entry per success and none for a refused call. */
let t: TestApp;
let resident: SeededUser;
let neighbour: SeededUser;
let manager: SeededUser;
let otherManager: SeededUser;
let root: SeededUser;
let propertyId: string;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2025-06-01T12:00:00Z');
  propertyId = (await seedProperty(t.app)).id;
  resident = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Riley', lastName: 'Park' });
  neighbour = await seedUser(t.app, { role: 'resident', propertyId });
  manager = await seedUser(t.app, { role: 'admin', propertyId, firstName: 'Morgan', lastName: 'Lee' });
  otherManager = await seedUser(t.app, { role: 'admin', propertyId: (await seedProperty(t.app)).id });
  root = await seedUser(t.app, { role: 'superadmin' });
});
afterAll(() => t.close());

const call = (user: SeededUser, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(user.token) });

/** The trail's visitor and pass entries, oldest first (seeding's sign-ins left out). */
const entries = async () =>
  (await t.app.db.select().from(activity).orderBy(asc(activity.seq))).filter((row) =>
    /^(visitor|pass)\./.test(row.action),
  );

/** Runs `act`; expects exactly the entries it added to match `expected` (none for a refusal). */
async function added(act: () => Promise<{ statusCode: number }>, status: number) {
  const before = (await entries()).length;
  expect((await act()).statusCode).toBe(status);
  return (await entries()).slice(before);
}

async function registered(email: string) {
  const answer = await registerAs(t, resident, betweenDatesBody({ firstName: 'Ana', lastName: 'Lopez', email }));
  return answer.json() as { _id: string; qrCodeId: string };
}

describe('the activity trail of visitors and their passes', () => {
  it('records a registration with the window in the property zone, and nothing for a refused one', async () => {
    const refused = await added(() => registerAs(t, resident, betweenDatesBody({ endTime: '07:00' })), 400);
    expect(refused).toEqual([]);
    let ids = { _id: '', qrCodeId: '' };
    const [entry, ...more] = await added(async () => {
      const answer = await registerAs(t, resident, betweenDatesBody({ firstName: 'Ana', lastName: 'Lopez' }));
      ids = answer.json();
      return answer;
    }, 200);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'visitor.register',
      actorId: resident.id,
      actorName: 'Riley Park',
      objectKind: 'visitor',
      objectId: ids._id,
      propertyId,
      summary: 'Registered Ana Lopez as a visitor, pass from 2025-06-02 08:00 to 2025-06-02 17:00',
      changes: {
        name: { before: null, after: 'Ana Lopez' },
        pass: { before: null, after: ids.qrCodeId },
        start: { before: null, after: '2025-06-02 08:00' },
        end: { before: null, after: '2025-06-02 17:00' },
      },
    });
    const [code] = await t.app.db.select().from(qrCodes).where(eq(qrCodes.id, ids.qrCodeId));
    expect(JSON.stringify(entry)).not.toContain(code.tokenHash);
  });

  it("records a change of a pass's window with the start and end before and after", async () => {
    const { _id, qrCodeId } = await registered('window@example.com');
    const url = `/api/visitor/visitors-qr/${_id}/update-qrcodes`;
    const window = { _id: qrCodeId, startDate: '2025-06-05 10:00', lifetimeValidity: false, qrType: 'betweenDates' };
    expect(await added(() => call(resident, 'PUT', url, { ...window, endDate: '2025-06-05 09:00' }), 400)).toEqual([]);
    expect(await added(() => call(neighbour, 'PUT', url, { ...window, endDate: '2025-06-06 11:00' }), 404)).toEqual([]);
    const [entry, ...more] = await added(
      () => call(resident, 'PUT', url, { ...window, endDate: '2025-06-06 11:00' }),
      200,
    );
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'pass.update',
      objectKind: 'pass',
      objectId: qrCodeId,
      summary: "Changed the window of Ana Lopez's pass",
      changes: {
        start: { before: '2025-06-02 08:00', after: '2025-06-05 10:00' },
        end: { before: '2025-06-02 17:00', after: '2025-06-06 11:00' },
      },
    });
    expect(Object.keys(entry.changes).sort()).toEqual(['end', 'start']);

    const [onPage] = await added(
      () =>
        call(root, 'PUT', `/api/visitor/${qrCodeId}/qr-codes`, {
          startDate: '2025-06-05 10:00',
          endDate: '2025-06-07 11:00',
          lifetimeValidity: false,
        }),
      200,
    );
    expect(onPage).toMatchObject({
      actorId: root.id,
      changes: { end: { before: '2025-06-06 11:00', after: '2025-06-07 11:00' } },
    });
    expect(await added(() => call(manager, 'PUT', `/api/visitor/${qrCodeId}/qr-codes`, {}), 403)).toEqual([]);
  });

  it('records arrival notification, expiry on both screens and deletion of a pass', async () => {
    const { _id, qrCodeId } = await registered('notify@example.com');
    const notify = `/api/visitor/visitors-qr/${_id}/qr-notification`;
    expect(await added(() => call(neighbour, 'PUT', notify, { _id: qrCodeId, qrNotification: true }), 404)).toEqual([]);
    const [on] = await added(() => call(resident, 'PUT', notify, { _id: qrCodeId, qrNotification: true }), 200);
    expect(on).toMatchObject({
      summary: "Turned on arrival notification for Ana Lopez's pass",
      changes: { qrNotification: { before: false, after: true } },
    });

    expect(await added(() => call(neighbour, 'POST', '/api/visitor/expire-qrcode', { qrCodeId }), 404)).toEqual([]);
    const [expired] = await added(() => call(resident, 'POST', '/api/visitor/expire-qrcode', { qrCodeId }), 200);
    expect(expired).toMatchObject({
      summary: "Expired Ana Lopez's pass now",
      // The pass had not started: it closes at now, start included (2025-06-01 12:00 UTC is 08:00 in New York).
      changes: {
        start: { before: '2025-06-02 08:00', after: '2025-06-01 08:00' },
        end: { before: '2025-06-02 17:00', after: '2025-06-01 08:00' },
      },
    });
    const [again] = await added(() => call(root, 'PUT', `/api/visitor/qr-codes/${qrCodeId}/expire`), 200);
    expect(again).toMatchObject({ action: 'pass.update', actorId: root.id, changes: {} });

    expect(await added(() => call(manager, 'DELETE', `/api/visitor/qr-codes/${qrCodeId}`), 403)).toEqual([]);
    const [deleted, ...more] = await added(() => call(root, 'DELETE', `/api/visitor/qr-codes/${qrCodeId}`), 200);
    expect(more).toEqual([]);
    expect(deleted).toMatchObject({
      action: 'pass.delete',
      objectId: qrCodeId,
      summary: "Deleted Ana Lopez's pass",
      changes: { start: { before: '2025-06-01 08:00', after: null }, qrType: { before: 'betweenDates', after: null } },
    });
    expect(await added(() => call(root, 'DELETE', `/api/visitor/qr-codes/${qrCodeId}`), 404)).toEqual([]);
  });

  it("records a manager's edit and deletion of a visitor, never another property's manager's attempt", async () => {
    const { _id } = await registered('edited@example.com');
    const edit = { _id, firstName: 'Ana', lastName: 'López', email: 'ana.lopez@example.com' };
    expect(await added(() => call(otherManager, 'POST', '/api/visitor/update', edit), 404)).toEqual([]);
    expect(await added(() => call(manager, 'POST', '/api/visitor/update', { ...edit, email: 'x' }), 400)).toEqual([]);
    const [updated] = await added(() => call(manager, 'POST', '/api/visitor/update', edit), 200);
    expect(updated).toMatchObject({
      action: 'visitor.update',
      actorId: manager.id,
      objectKind: 'visitor',
      objectId: _id,
      summary: 'Updated visitor Ana López',
      changes: {
        lastName: { before: 'Lopez', after: 'López' },
        email: { before: 'edited@example.com', after: 'ana.lopez@example.com' },
      },
    });
    expect(Object.keys(updated.changes).sort()).toEqual(['email', 'lastName']);
    expect(await added(() => call(manager, 'POST', '/api/visitor/update', edit), 200)).toEqual([]);

    expect(await added(() => call(otherManager, 'POST', '/api/visitor/delete', { _id }), 404)).toEqual([]);
    const [deleted] = await added(() => call(manager, 'POST', '/api/visitor/delete', { _id }), 200);
    expect(deleted).toMatchObject({
      action: 'visitor.delete',
      summary: 'Deleted visitor Ana López and their pass',
      changes: { passes: { before: 1, after: null }, email: { before: 'ana.lopez@example.com', after: null } },
    });
    expect((await verifyActivityChains(t.app.db, t.app.config.secret)).broken).toEqual([]);
  });
});
