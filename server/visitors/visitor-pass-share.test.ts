import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentEmailsTo } from '../../test/support/sent-mail';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { betweenDatesBody, decodeQrAttachment, passTokenOf, registerAs } from '../../test/support/visitor-test-support';
import { activity } from '../activity/activity-tables';
import { qrCodes } from './visitor-tables';

let t: TestApp;
let resident: SeededUser;
let neighbour: SeededUser;
let manager: SeededUser;
let otherManager: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2025-06-01T12:00:00Z');
  const property = await seedProperty(t.app, { propertyName: 'Oak Ridge' });
  const other = await seedProperty(t.app, { propertyName: 'Elm Court' });
  resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Rita' });
  neighbour = await seedUser(t.app, { role: 'resident', propertyId: property.id });
  manager = await seedUser(t.app, { role: 'admin', propertyId: property.id });
  otherManager = await seedUser(t.app, { role: 'admin', propertyId: other.id });
});
afterAll(() => t.close());

const passLink = (qrId: string, user: SeededUser) =>
  t.app.inject({ method: 'GET', url: `/api/visitor/qr-codes/${qrId}/pass-link`, headers: bearer(user.token) });
const resend = (qrId: string, user: SeededUser) =>
  t.app.inject({ method: 'POST', url: `/api/visitor/qr-codes/${qrId}/resend`, headers: bearer(user.token) });

async function registered(email: string) {
  const answer = await registerAs(t, resident, betweenDatesBody({ email }));
  expect(answer.statusCode).toBe(200);
  const [first] = await sentEmailsTo(t.app, email);
  return { ...answer.json(), first };
}

describe("a visitor's pass on Visitor List after its success dialog has closed", () => {
  it('gives its owner and their manager the pass link, which opens the pass; a neighbour and another property get 404', async () => {
    const { qrCodeId, passLink: givenAtRegistration, first } = await registered('paula@example.com');

    const own = await passLink(qrCodeId, resident);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      link: givenAtRegistration,
      email: 'paula@example.com',
      hostFirstName: 'Rita',
      canResend: true,
    });
    expect(own.json().link).toBe(`${t.app.config.appUrl}/pass/${passTokenOf(first)}`);
    expect((await passLink(qrCodeId, manager)).json().link).toBe(givenAtRegistration);

    for (const stranger of [neighbour, otherManager]) {
      const refused = await passLink(qrCodeId, stranger);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('/pass/');
      expect((await resend(qrCodeId, stranger)).statusCode).toBe(404);
    }

    const page = await t.app.inject({ method: 'GET', url: `/api/pass/${own.json().link.split('/pass/')[1]}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ firstName: 'Vera', state: 'upcoming' });
  });

  it('keeps the link sealed at rest: neither the link token nor the gate token is stored plain', async () => {
    const { qrCodeId, first } = await registered('quinn@example.com');
    const [row] = await t.app.db.select().from(qrCodes).where(eq(qrCodes.id, qrCodeId));
    const stored = JSON.stringify(row);
    expect(row.passLinkSealed).toBeTruthy();
    expect(stored).not.toContain(passTokenOf(first));
    expect(stored).not.toContain(decodeQrAttachment(first));
  });

  it('Resend queues one email to the visitor, carrying the same QR and pass link, and records it', async () => {
    const { qrCodeId, first } = await registered('rory@example.com');
    const residentCopies = (await sentEmailsTo(t.app, resident.email)).length;
    const answer = await resend(qrCodeId, resident);
    expect(answer.statusCode).toBe(202);
    expect(answer.json().message).toBe('The pass was sent again to rory@example.com.');

    const mails = await sentEmailsTo(t.app, 'rory@example.com');
    expect(mails).toHaveLength(2);
    expect(decodeQrAttachment(mails[1])).toBe(decodeQrAttachment(first));
    expect(passTokenOf(mails[1])).toBe(passTokenOf(first));
    expect(await sentEmailsTo(t.app, resident.email)).toHaveLength(residentCopies);

    const [recorded] = await t.app.db.select().from(activity).where(eq(activity.action, 'pass.resend'));
    expect(recorded).toMatchObject({ actorId: resident.id, summary: expect.stringContaining('rory@example.com') });
  });

  it('a pass made before links were kept shows no link, and Resend still emails its QR', async () => {
    const { qrCodeId, first } = await registered('sasha@example.com');
    await t.app.db.update(qrCodes).set({ passLinkSealed: null }).where(eq(qrCodes.id, qrCodeId));
    expect((await passLink(qrCodeId, resident)).json()).toEqual({
      link: null,
      email: 'sasha@example.com',
      hostFirstName: 'Rita',
      canResend: true,
    });
    expect((await resend(qrCodeId, resident)).statusCode).toBe(202);
    const mails = await sentEmailsTo(t.app, 'sasha@example.com');
    expect(mails).toHaveLength(2);
    expect(decodeQrAttachment(mails[1])).toBe(decodeQrAttachment(first));
  });

  it('a pass made before pass pages (no sealed QR either) offers nothing to share and says why on Resend', async () => {
    const { qrCodeId } = await registered('uma@example.com');
    await t.app.db.update(qrCodes).set({ passLinkSealed: null, tokenSealed: null }).where(eq(qrCodes.id, qrCodeId));
    expect((await passLink(qrCodeId, resident)).json()).toMatchObject({ link: null, canResend: false });
    const refused = await resend(qrCodeId, resident);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This pass can't be sent again. Register the visitor again for a new pass.");
    expect(await sentEmailsTo(t.app, 'uma@example.com')).toHaveLength(1);
  });

  it('an ended pass cannot be sent again, with a sentence', async () => {
    const { qrCodeId } = await registered('tess@example.com');
    t.clock.set('2025-06-03T12:00:00Z');
    try {
      expect((await passLink(qrCodeId, resident)).json().canResend).toBe(false);
      const refused = await resend(qrCodeId, resident);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe("This pass has ended, so it can't be sent again.");
    } finally {
      t.clock.set('2025-06-01T12:00:00Z');
    }
  });
});
