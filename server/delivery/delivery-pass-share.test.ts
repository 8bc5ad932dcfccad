import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveDeviceKey, seedSimulatedGate } from '../../test/support/gate-test-support';
import { sentEmailsTo } from '../../test/support/sent-mail';
import { sentSmsTo } from '../../test/support/sent-sms';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { decodeQrPng } from '../../test/support/visitor-test-support';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { users } from '../accounts/account-tables';

let t: TestApp;
const simulator = new RelaySimulator();
let resident: SeededUser;
let neighbour: SeededUser;
let gateKey: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-05-01T12:00:00Z');
  const propertyId = (await seedProperty(t.app, { propertyName: 'Elm Court', propertyFeatures: ['qr', 'securepin'] }))
    .id;
  resident = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Rita', lastName: 'Resident' });
  neighbour = await seedUser(t.app, { role: 'resident', propertyId });
  gateKey = await giveDeviceKey(t.app, (await seedSimulatedGate(t.app, simulator, propertyId)).device.id);
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const create = async (body: object = {}) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/delivery-passes', payload: body, headers: bearer(resident.token) })
  ).json().pass;
const linkTokenOf = (link: string) => link.split('/delivery/')[1];
const page = (link: string) => t.app.inject({ method: 'GET', url: `/api/delivery-pass/${linkTokenOf(link)}` });
const scan = (code: string) =>
  t.app.inject({ method: 'POST', url: '/api/access/qr', payload: { code }, headers: bearer(gateKey) });
const share = (passId: string, body: object, user = resident) =>
  t.app.inject({
    method: 'POST',
    url: `/api/delivery-passes/${passId}/share`,
    payload: body,
    headers: bearer(user.token),
  });

describe('the courier’s page of a delivery pass', () => {
  it('shows the QR and guest PIN with uses left while the pass works, and nothing that opens the gate after', async () => {
    const pass = await create({ company: 'Parcel Co', uses: 2 });
    expect(pass.link).toMatch(/\/delivery\/[\w-]{20,}$/);
    expect(linkTokenOf(pass.link)).not.toBe(pass.code);

    const before = await page(pass.link);
    expect(before.statusCode).toBe(200);
    expect(before.headers['referrer-policy']).toBe('no-referrer');
    expect(before.headers['cache-control']).toBe('no-store');
    const shown = before.json();
    expect(shown).toMatchObject({ company: 'Parcel Co', propertyName: 'Elm Court', state: 'valid', usesLeft: 2 });
    expect(shown.pin).toBe(pass.pin);
    const decoded = decodeQrPng(Buffer.from(shown.qrImage.split(',')[1], 'base64'));
    expect((await scan(decoded)).json().granted).toBe(true);
    expect((await page(pass.link)).json()).toMatchObject({ state: 'valid', usesLeft: 1 });

    await t.app.inject({
      method: 'POST',
      url: `/api/delivery-passes/${pass._id}/cancel`,
      headers: bearer(resident.token),
    });
    expect((await page(pass.link)).json()).toMatchObject({ state: 'cancelled', pin: null, qrImage: null });
  });

  it('says the pass ended once its hours are over (test clock), and an unknown link is not found', async () => {
    const pass = await create({ hours: 1 });
    t.clock.advance(61 * 60_000);
    expect((await page(pass.link)).json()).toMatchObject({ state: 'ended', pin: null, qrImage: null });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/delivery-pass/not-a-real-link-token-at-all' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This delivery pass link is not valid. Ask the resident for a new one.');
  });
});

describe('sharing a delivery pass', () => {
  it('sends the page link by email and by text, written when sent', async () => {
    const pass = await create({ name: 'Dana' });
    const answer = await share(pass._id, { email: 'Courier@Example.com', phoneNumber: '5551234567' });
    expect(answer.statusCode).toBe(202);
    const [mail] = await sentEmailsTo(t.app, 'courier@example.com');
    expect(mail.subject).toBe('Delivery pass for Elm Court');
    expect(mail.text).toContain('Rita Resident sent you a delivery pass for Elm Court');
    expect(mail.text).toContain(pass.link);
    const [text] = await sentSmsTo(t.app, '+15551234567');
    expect(text).toContain(pass.link);
    expect((await page(pass.link)).json().state).toBe('valid');
  });

  it('says what is missing or wrong, refuses an ended pass and a neighbour, and sends nothing', async () => {
    const pass = await create();
    const nothing = await share(pass._id, {});
    expect([nothing.statusCode, nothing.json().fieldErrors.email]).toEqual([
      400,
      'Enter an email address or a mobile number to send the pass to.',
    ]);
    expect((await share(pass._id, { email: 'not-an-email' })).statusCode).toBe(400);
    expect((await share(pass._id, { phoneNumber: '12' })).statusCode).toBe(400);
    expect((await share(pass._id, { email: 'x@example.com' }, neighbour)).statusCode).toBe(404);
    await t.app.inject({
      method: 'POST',
      url: `/api/delivery-passes/${pass._id}/cancel`,
      headers: bearer(resident.token),
    });
    const ended = await share(pass._id, { email: 'late@example.com' });
    expect([ended.statusCode, ended.json().message]).toEqual([
      409,
      'This delivery pass has ended, so it cannot be sent.',
    ]);
    expect(await sentEmailsTo(t.app, 'x@example.com')).toHaveLength(0);
    expect(await sentEmailsTo(t.app, 'late@example.com')).toHaveLength(0);
  });
});

describe('the notice at each use', () => {
  it('tells the creator at each use when they asked, and not otherwise', async () => {
    await t.app.db.update(users).set({ prefEmail: true }).where(eq(users.id, resident.id));
    const told = await create({ company: 'Told Co', uses: 2, notify: true });
    const silent = await create({ company: 'Silent Co', notify: false });
    expect((await scan(told.code)).json().granted).toBe(true);
    expect((await scan(silent.code)).json().granted).toBe(true);
    const notices = (await sentEmailsTo(t.app, resident.email)).filter(
      (mail) => mail.subject === 'Your delivery pass was used',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain('Your delivery pass for Told Co was used at Elm Court');
    expect(notices[0].text).toContain('Uses left: 1 of 2.');
  });
});
