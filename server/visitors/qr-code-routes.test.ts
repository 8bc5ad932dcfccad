import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type SeededUser, seedProperty, seedUser, type TestApp } from '../test-support/test-app';
import { betweenDatesBody, registerAs } from './visitor-test-support';

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

  it('expires a code now and deletes one', async () => {
    const { qrCodeId } = await registered('expire@example.com');
    const expired = await call(owner, 'POST', '/api/visitor/expire-qrcode', { qrCodeId });
    expect(expired.json().qrCode).toMatchObject({ endDate: '2025-06-01T12:00:00.000Z', active: false });
    expect((await call(neighbour, 'DELETE', `/api/visitor/qr-codes/${qrCodeId}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/visitor/qr-codes/${qrCodeId}`)).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `/api/visitor/qr-codes/${qrCodeId}`)).statusCode).toBe(404);
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

  it('hides another resident’s visitor', async () => {
    const { _id } = await registered('hidden@example.com');
    expect((await call(neighbour, 'GET', `/api/visitor/${_id}/qr-codes`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/visitor/${_id}/qr-codes`)).statusCode).toBe(200);
  });
});
