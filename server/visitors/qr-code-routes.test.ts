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

let t: TestApp;
let owner: SeededUser;
let neighbour: SeededUser;
let root: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2025-06-01T12:00:00Z');
  const property = await seedProperty(t.app);
  owner = await seedUser(t.app, { role: 'resident', propertyId: property.id });
  neighbour = await seedUser(t.app, { role: 'resident', propertyId: property.id });
  root = await seedUser(t.app, { role: 'superadmin' });
});
afterAll(() => t.close());

const call = (user: SeededUser, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(user.token) });

async function registered(email: string) {
  const answer = await registerAs(t, owner, betweenDatesBody({ email }));
  return answer.json() as { _id: string; qrCodeId: string };
}

describe('Visitor List calls', () => {
  it('lists the caller’s own visitors with their codes, in the property zone', async () => {
    const { _id, qrCodeId } = await registered('listed@example.com');
    const mine = (await call(owner, 'GET', '/api/visitor/visitors-qr')).json();
    const visitor = mine.visitors.find((v: { _id: string }) => v._id === _id);
    expect(visitor.qrCodes[0]).toMatchObject({
      _id: qrCodeId,
      qrFirstName: 'Vera',
      qrType: 'betweenDates',
      startDate: '2025-06-02T12:00:00.000Z',
      timeZone: 'America/New_York',
      qrNotification: false,
      active: true,
    });
    const theirs = (await call(neighbour, 'GET', '/api/visitor/visitors-qr')).json();
    expect(theirs.visitors).toEqual([]);
  });

  it('an earlier end drops the specific dates after it, so the stored and the shown dates agree', async () => {
    const registration = await registerAs(
      t,
      owner,
      betweenDatesBody({
        email: 'dated-edit@example.com',
        qrType: 'randomDates',
        multipleDays: ['2025-12-10', '2025-12-15', '2025-12-20'].map((date) => ({
          date,
          startTime: '09:00',
          endTime: '17:00',
        })),
      }),
    );
    const { _id, qrCodeId } = registration.json();
    const code = (await call(owner, 'GET', '/api/visitor/visitors-qr'))
      .json()
      .visitors.find((v: { _id: string }) => v._id === _id).qrCodes[0];
    // What the Edit QR Code dialog sends: the new window, the code's rows as they are.
    const answer = await call(owner, 'PUT', `/api/visitor/visitors-qr/${_id}/update-qrcodes`, {
      _id: qrCodeId,
      qrType: 'randomDates',
      startDate: '2025-12-10 00:00',
      endDate: '2025-12-16 00:00',
      lifetimeValidity: false,
      recurringDays: code.recurringDays,
      multipleDays: code.multipleDays,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().qrCode.multipleDays.map((row: { date: string }) => row.date)).toEqual([
      '2025-12-10',
      '2025-12-15',
    ]);
    const [shown] = (await call(root, 'GET', `/api/visitor/${_id}/qr-codes`)).json().qrCodes;
    expect(shown.multipleDays.map((row: { date: string }) => row.date)).toEqual(['2025-12-10', '2025-12-15']);
    expect(shown.endDate).toBe('2025-12-16T05:00:00.000Z');

    const empty = await call(root, 'PUT', `/api/visitor/${qrCodeId}/qr-codes`, {
      startDate: '2025-12-16 00:00',
      endDate: '2025-12-17 00:00',
      lifetimeValidity: false,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(
      'None of the dates falls inside this window. Keep at least one date between start and end.',
    );
  });

  it('turns arrival notification on; a neighbour cannot', async () => {
    const { _id, qrCodeId } = await registered('notify@example.com');
    const url = `/api/visitor/visitors-qr/${_id}/qr-notification`;
    expect((await call(neighbour, 'PUT', url, { _id: qrCodeId, qrNotification: true })).statusCode).toBe(404);
    const answer = await call(owner, 'PUT', url, { _id: qrCodeId, qrNotification: true });
    expect(answer.json().qrCode.qrNotification).toBe(true);
  });

  it('edits a window with wall times read in the property zone, refusing an end before the start', async () => {
    const { _id, qrCodeId } = await registered('edit@example.com');
    const url = `/api/visitor/visitors-qr/${_id}/update-qrcodes`;
    const bad = await call(owner, 'PUT', url, {
      _id: qrCodeId,
      startDate: '2025-06-05 10:00',
      endDate: '2025-06-05 10:00',
      lifetimeValidity: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('End date must be after start date.');
    const ok = await call(owner, 'PUT', url, {
      _id: qrCodeId,
      startDate: '2025-06-05 10:00',
      endDate: '2025-06-06 11:00',
      lifetimeValidity: false,
      qrType: 'betweenDates',
    });
    expect(ok.json()).toMatchObject({
      message: 'QR code updated successfully.',
      qrCode: { startDate: '2025-06-05T14:00:00.000Z', endDate: '2025-06-06T15:00:00.000Z' },
    });
    const permanent = await call(owner, 'PUT', url, {
      _id: qrCodeId,
      startDate: '2025-06-05T14:00:00.000Z',
      lifetimeValidity: true,
    });
    expect(permanent.json().qrCode).toMatchObject({ lifetimeValidity: true, endDate: '2125-06-05T14:00:00.000Z' });
    expect(
      (await call(neighbour, 'PUT', url, { _id: qrCodeId, startDate: '2025-06-05 10:00', lifetimeValidity: true }))
        .statusCode,
    ).toBe(404);
  });

  it('deletes from the list by expiring the code now: it leaves the list and stays on the superadmin page', async () => {
    const { _id, qrCodeId } = await registered('expire@example.com');
    expect((await call(neighbour, 'POST', '/api/visitor/expire-qrcode', { qrCodeId })).statusCode).toBe(404);
    const expired = await call(owner, 'POST', '/api/visitor/expire-qrcode', { qrCodeId });
    // The code was to start tomorrow: its whole window now closes at this moment.
    expect(expired.json().qrCode).toMatchObject({
      startDate: '2025-06-01T12:00:00.000Z',
      endDate: '2025-06-01T12:00:00.000Z',
      active: false,
    });

    const listed = (await call(owner, 'GET', '/api/visitor/visitors-qr')).json().visitors;
    expect(listed.find((visitor: { _id: string }) => visitor._id === _id)).toBeUndefined();
    const page = (await call(root, 'GET', `/api/visitor/${_id}/qr-codes`)).json();
    expect(page.qrCodes).toMatchObject([{ _id: qrCodeId, active: false }]);
  });

  it('lists a visitor with only the codes still valid now or later', async () => {
    const { _id, qrCodeId } = await registered('two-codes@example.com');
    const second = await registered('two-codes@example.com');
    expect(second._id).toBe(_id);
    await call(owner, 'POST', '/api/visitor/expire-qrcode', { qrCodeId });
    const listed = (await call(owner, 'GET', '/api/visitor/visitors-qr')).json().visitors;
    const visitor = listed.find((v: { _id: string }) => v._id === _id);
    expect(visitor.qrCodes.map((code: { _id: string }) => code._id)).toEqual([second.qrCodeId]);
  });
});

describe('per-visitor QR page calls', () => {
  it('lists, edits with the page messages, expires and deletes', async () => {
    const { _id, qrCodeId } = await registered('page@example.com');
    const list = (await call(root, 'GET', `/api/visitor/${_id}/qr-codes`)).json();
    expect(list.visitor).toMatchObject({ _id, email: 'page@example.com' });
    expect(list.qrCodes.map((c: { _id: string }) => c._id)).toEqual([qrCodeId]);

    const bad = await call(root, 'PUT', `/api/visitor/${qrCodeId}/qr-codes`, {
      startDate: '2025-06-05 10:00',
      endDate: '2025-06-04 10:00',
    });
    expect(bad.json().message).toBe('End date and time must be later than start date and time.');
    const ok = await call(root, 'PUT', `/api/visitor/${qrCodeId}/qr-codes`, {
      startDate: '2025-06-05 10:00',
      endDate: '2025-06-07 10:00',
    });
    expect(ok.json().message).toBe('QR code updated successfully!');

    const expired = await call(root, 'PUT', `/api/visitor/qr-codes/${qrCodeId}/expire`);
    expect(expired.json()).toMatchObject({ message: 'QR code expired successfully!', qrCode: { active: false } });
    const deleted = await call(root, 'DELETE', `/api/visitor/qr-codes/${qrCodeId}`);
    expect(deleted.json().message).toBe('QR code deleted successfully!');
    expect((await call(root, 'GET', `/api/visitor/${_id}/qr-codes`)).json().qrCodes).toEqual([]);
  });

  it('is the superadmin’s alone, even for the resident who registered the visitor', async () => {
    const { _id, qrCodeId } = await registered('hidden@example.com');
    for (const user of [owner, neighbour]) {
      expect((await call(user, 'GET', `/api/visitor/${_id}/qr-codes`)).statusCode).toBe(403);
      expect((await call(user, 'PUT', `/api/visitor/qr-codes/${qrCodeId}/expire`)).statusCode).toBe(403);
      expect((await call(user, 'DELETE', `/api/visitor/qr-codes/${qrCodeId}`)).statusCode).toBe(403);
    }
    expect((await call(root, 'GET', `/api/visitor/${_id}/qr-codes`)).statusCode).toBe(200);
  });
});
