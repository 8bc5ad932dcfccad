import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import {
  betweenDatesBody,
  decodeQrAttachment,
  decodeQrPng,
  passTokenOf,
  registerAs,
} from '../../test/support/visitor-test-support';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { devices } from '../device-records/device-tables';
import { randomToken, sha256Hex } from '../platform/crypto/keys';

let t: TestApp;
let simulator: RelaySimulator;
let resident: SeededUser;
let gateKey: string;
beforeAll(async () => {
  t = await createTestApp();
  simulator = new RelaySimulator();
  t.clock.set('2025-06-01T12:00:00Z');
  const property = await seedProperty(t.app, { propertyName: 'Oak Ridge', propertyLocation: '12 Oak Ridge Road' });
  resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Rita' });
  const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
  gateKey = randomToken();
  await t.app.db.insert(devices).values({
    propertyId: property.id,
    deviceName: 'Main Gate',
    deviceIpAddress: relay.address,
    deviceKeyHash: sha256Hex(gateKey),
  });
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const pass = (token: string) => t.app.inject({ method: 'GET', url: `/api/pass/${token}` });

/** Registers a visitor for Monday 2025-06-02 08:00–17:00 New York time; returns the emailed pass. */
async function emailedPass(email: string) {
  const answer = await registerAs(t, resident, betweenDatesBody({ email }));
  expect(answer.statusCode).toBe(200);
  const [mail] = await sentEmailsTo(t.app, email);
  return { mail, linkToken: passTokenOf(mail), gateToken: decodeQrAttachment(mail), ...answer.json() };
}

describe("the visitor's pass page", () => {
  it('shows the pass before, during and after its window, and its QR opens the gate only while valid', async () => {
    const { linkToken, gateToken } = await emailedPass('paula@example.com');
    expect(linkToken).not.toBe(gateToken);

    const before = await pass(linkToken);
    expect(before.statusCode).toBe(200);
    expect(before.headers['referrer-policy']).toBe('no-referrer');
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json()).toMatchObject({
      firstName: 'Vera',
      propertyName: 'Oak Ridge',
      propertyLocation: '12 Oak Ridge Road',
      timeZone: 'America/New_York',
      window: 'from Mon, Jun 2, 2025 08:00 EDT to Mon, Jun 2, 2025 17:00 EDT',
      state: 'upcoming',
      validFrom: 'Mon, Jun 2, 2025 08:00 EDT',
    });

    t.clock.set('2025-06-02T14:00:00Z');
    const during = (await pass(linkToken)).json();
    expect(during.state).toBe('valid');
    const shown = decodeQrPng(Buffer.from(during.qrImage.split(',')[1], 'base64'));
    expect(shown).toBe(gateToken);
    const scan = await t.app.inject({
      method: 'POST',
      url: '/api/access/qr',
      payload: { code: shown },
      headers: bearer(gateKey),
    });
    expect(scan.json()).toMatchObject({ granted: true });

    t.clock.set('2025-06-03T12:00:00Z');
    expect((await pass(linkToken)).json()).toMatchObject({ state: 'ended', qrImage: null });
    t.clock.set('2025-06-01T12:00:00Z');
  });

  it('ends with the pass: expired at once, and gone when the code is deleted; an unknown link says so', async () => {
    const { linkToken, qrCodeId } = await emailedPass('ended@example.com');
    await t.app.inject({
      method: 'POST',
      url: '/api/visitor/expire-qrcode',
      payload: { qrCodeId },
      headers: bearer(resident.token),
    });
    expect((await pass(linkToken)).json()).toMatchObject({ state: 'ended', qrImage: null });

    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/visitor/qr-codes/${qrCodeId}`,
      headers: bearer(superadmin.token),
    });
    const gone = await pass(linkToken);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(
      'This pass link is not valid. Ask the resident who invited you to send a new one.',
    );
    expect((await pass(randomToken())).statusCode).toBe(404);
  });

  it('offers the visit as an iCalendar file, attached to the email and from the page', async () => {
    const { mail, linkToken } = await emailedPass('cal@example.com');
    const attached = mail.attachments.find((a: { contentType: string }) => a.contentType.startsWith('text/calendar'));
    expect(attached?.filename).toBe('visit.ics');
    const served = await t.app.inject({ method: 'GET', url: `/api/pass/${linkToken}/calendar.ics` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^text\/calendar/);
    expect(served.body).toBe(attached?.content.toString());

    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(served.body)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Visit to Oak Ridge');
    expect(event.location).toBe('12 Oak Ridge Road');
    expect(event.startDate.toJSDate().toISOString()).toBe('2025-06-02T12:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2025-06-02T21:00:00.000Z');
    expect(event.description).toContain(`/pass/${linkToken}`);
  });

  it('writes a weekday pass as a weekly event in the property zone, ending on its last day', async () => {
    const answer = await registerAs(
      t,
      resident,
      betweenDatesBody({
        email: 'weekly-cal@example.com',
        qrType: 'weekdays',
        startDate: '',
        endDate: '',
        lastDay: '2025-06-16',
        recurringDays: [{ day: 'Wednesday', startTime: '09:00', endTime: '11:00' }],
      }),
    );
    expect(answer.statusCode).toBe(200);
    const [mail] = await sentEmailsTo(t.app, 'weekly-cal@example.com');
    const ics = (await t.app.inject({ method: 'GET', url: `/api/pass/${passTokenOf(mail)}/calendar.ics` })).body;
    expect(ics).toContain('DTSTART;TZID=America/New_York:20250604T090000');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=WE;UNTIL=20250617T040000Z');
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
    const rule = vevent.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rule.freq).toBe('WEEKLY');
  });

  it('texts the pass link to the visitor when the resident gives a phone number, and only then', async () => {
    const answer = await registerAs(
      t,
      resident,
      betweenDatesBody({ email: 'texted@example.com', phoneNumber: '5550104477' }),
    );
    expect(answer.statusCode).toBe(200);
    const [text] = await sentSmsTo(t.app, '+15550104477');
    expect(text).toContain('invited you to Oak Ridge, 12 Oak Ridge Road');
    expect(text).toContain('from Mon, Jun 2, 2025 08:00 EDT to Mon, Jun 2, 2025 17:00 EDT');
    const [mail] = await sentEmailsTo(t.app, 'texted@example.com');
    expect(text).toContain(`/pass/${passTokenOf(mail)}`);
    const texted = /\/pass\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
    expect((await pass(texted)).json()).toMatchObject({ propertyName: 'Oak Ridge', state: 'upcoming' });

    await registerAs(t, resident, betweenDatesBody({ email: 'untexted@example.com' }));
    expect(await sentSmsTo(t.app, '+15550104477')).toHaveLength(1);
  });

  it('refuses a visitor phone number that is not 10 digits, and registers nothing', async () => {
    const answer = await registerAs(
      t,
      resident,
      betweenDatesBody({ email: 'badphone@example.com', phoneNumber: '555-01' }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fieldErrors).toMatchObject({
      phoneNumber: 'Phone number must be 10 digits long and contain only numbers',
    });
    expect(await sentEmailsTo(t.app, 'badphone@example.com')).toHaveLength(0);
  });
});
