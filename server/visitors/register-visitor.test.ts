import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentEmailsTo } from '../../test/support/sent-mail';
import { createTestApp, type SeededUser, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { betweenDatesBody, decodeQrAttachment, registerAs } from '../../test/support/visitor-test-support';
import { sha256Hex } from '../platform/crypto/keys';
import { qrCodes, visitors } from './visitor-tables';

let t: TestApp;
let resident: SeededUser;
let property: Awaited<ReturnType<typeof seedProperty>>;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2025-06-01T12:00:00Z');
  property = await seedProperty(t.app, { propertyName: 'Oak Ridge', propertyLocation: '12 Oak Ridge Road' });
  resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Rita' });
});
afterAll(() => t.close());

describe('POST /api/visitor/register', () => {
  it('stores the window in the property zone and emails the QR to visitor and resident', async () => {
    const answer = await registerAs(t, resident, betweenDatesBody({ email: 'Vera@Example.com' }));
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      residentEmail: resident.email,
      residentFirstName: 'Rita',
      firstName: 'Vera',
      email: 'vera@example.com',
    });
    const [code] = await t.app.db.select().from(qrCodes).where(eq(qrCodes.id, body.qrCodeId));
    expect(code.startDate.toISOString()).toBe('2025-06-02T12:00:00.000Z');
    expect(code.endDate?.toISOString()).toBe('2025-06-02T21:00:00.000Z');

    const [toVisitor] = await sentEmailsTo(t.app, 'vera@example.com');
    const [toResident] = await sentEmailsTo(t.app, resident.email);
    for (const mail of [toVisitor, toResident]) {
      expect(mail.text).toContain('Oak Ridge');
      expect(mail.text).toContain('12 Oak Ridge Road');
      expect(mail.text).toContain('from Mon, Jun 2, 2025 08:00 EDT to Mon, Jun 2, 2025 17:00 EDT');
      expect(mail.html).toContain('cid:');
      expect(mail.attachments?.filter((a) => a.contentType === 'image/png')).toHaveLength(2);
      const token = decodeQrAttachment(mail);
      expect(token.length).toBeGreaterThanOrEqual(22);
      expect(sha256Hex(token)).toBe(code.tokenHash);
    }
  });

  it('writes the emails as .eml files under DATA_DIR/mail when SMTP_URL is unset', async () => {
    await registerAs(t, resident, betweenDatesBody({ email: 'outbox@example.com' }));
    await t.app.jobs.kick();
    const outbox = path.join(t.app.config.dataDir, 'mail');
    const files = fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'));
    const toVisitor = files.find((text) => text.includes('To: outbox@example.com'));
    expect(toVisitor).toContain('Content-ID: <visitor-qr-code>');
    expect(toVisitor).toContain('filename=visitor-qr-code.png');
  });

  it('adds a second code to the same visitor for the same email, in words for weekdays', async () => {
    const first = await registerAs(t, resident, betweenDatesBody({ email: 'repeat@example.com' }));
    const second = await registerAs(
      t,
      resident,
      betweenDatesBody({
        email: 'REPEAT@example.com',
        qrType: 'weekdays',
        recurringDays: [
          { day: 'Wednesday', startTime: '08:00', endTime: '17:00' },
          { day: 'Monday', startTime: '08:00', endTime: '17:00' },
        ],
      }),
    );
    expect(second.json()._id).toBe(first.json()._id);
    const codes = await t.app.db.select().from(qrCodes).where(eq(qrCodes.visitorId, first.json()._id));
    expect(codes).toHaveLength(2);
    const weekly = codes.find((c) => c.qrType === 'weekdays')!;
    expect(weekly.recurringDays.map((d) => d.day)).toEqual(['Monday', 'Wednesday']);
    expect(weekly.endDate).toBeNull();
    const mails = await sentEmailsTo(t.app, 'repeat@example.com');
    expect(mails.some((m) => m.text?.includes('Mondays and Wednesdays, 08:00–17:00'))).toBe(true);
  });

  it('gives a lifetime code 36500 days and says until further notice', async () => {
    const answer = await registerAs(
      t,
      resident,
      betweenDatesBody({ email: 'forever@example.com', lifetimeValidity: true, endDate: '' }),
    );
    expect(answer.statusCode).toBe(200);
    const [code] = await t.app.db.select().from(qrCodes).where(eq(qrCodes.id, answer.json().qrCodeId));
    expect((code.endDate!.getTime() - code.startDate.getTime()) / 86_400_000).toBe(36500);
    const [mail] = await sentEmailsTo(t.app, 'forever@example.com');
    expect(mail.text).toContain('until further notice');
  });

  it('spans specific dates from the first to the end of the last', async () => {
    const answer = await registerAs(
      t,
      resident,
      betweenDatesBody({
        email: 'dates@example.com',
        qrType: 'randomDates',
        multipleDays: [
          { date: '2025-06-12', startTime: '14:00', endTime: '15:00' },
          { date: '2025-06-10', startTime: '00:00', endTime: '23:59' },
        ],
      }),
    );
    const [code] = await t.app.db.select().from(qrCodes).where(eq(qrCodes.id, answer.json().qrCodeId));
    expect(code.startDate.toISOString()).toBe('2025-06-10T04:00:00.000Z');
    expect(code.endDate?.toISOString()).toBe('2025-06-13T04:00:00.000Z');
    expect(code.multipleDays.map((d) => d.date)).toEqual(['2025-06-10', '2025-06-12']);
  });

  it.each([
    [{ endTime: '08:00' }, 'endDate', 'End Date and Time cannot be earlier than Start Date and Time'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [
      { qrType: 'weekdays', recurringDays: [{ day: 'Monday', startTime: '18:00', endTime: '09:00' }] },
      'recurringDays.0',
      'Start time cannot be after the end time.',
    ],
    [{ qrType: 'randomDates', multipleDays: [] }, 'multipleDays', 'Please add at least one date.'],
    [{ startDate: '2025-02-30' }, 'startDate', 'Start date must be a date such as 2025-06-30.'],
  ])('refuses %j with a message naming the field, changing nothing', async (overrides, field, message) => {
    const before = await t.app.db.select().from(visitors);
    const answer = await registerAs(t, resident, betweenDatesBody({ email: 'bad@example.com', ...overrides }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
    expect(answer.json().fieldErrors[field]).toBe(message);
    expect(await t.app.db.select().from(visitors)).toHaveLength(before.length);
  });

  it('refuses a window that has already ended, storing (so emailing) nothing', async () => {
    // The clock reads 2025-06-01 08:00 in New York.
    const before = await t.app.db.select().from(visitors);
    const codesBefore = await t.app.db.select().from(qrCodes);
    const over = await registerAs(
      t,
      resident,
      betweenDatesBody({ email: 'late@example.com', startDate: '2025-01-01', endDate: '2025-01-02' }),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      message: 'This time window has already ended. Choose an end in the future.',
      fieldErrors: { endDate: 'This time window has already ended. Choose an end in the future.' },
      requestId: expect.any(String),
    });
    const pastDates = await registerAs(
      t,
      resident,
      betweenDatesBody({
        email: 'late@example.com',
        qrType: 'randomDates',
        multipleDays: [{ date: '2025-06-01', startTime: '06:00', endTime: '07:59' }],
      }),
    );
    expect(pastDates.statusCode).toBe(400);
    expect(pastDates.json().fieldErrors).toEqual({
      multipleDays: 'All of these dates have already passed. Add a date from today on.',
    });
    expect(await t.app.db.select().from(visitors)).toHaveLength(before.length);
    // The emails are queued in the transaction that stores the code: no code, no email.
    expect(await t.app.db.select().from(qrCodes)).toHaveLength(codesBefore.length);
    const stillOpen = await registerAs(
      t,
      resident,
      betweenDatesBody({ email: 'late@example.com', startDate: '2025-05-01', endDate: '2025-06-01', endTime: '09:00' }),
    );
    expect(stillOpen.statusCode).toBe(200);
  });

  it('requires a property from a superadmin and uses it', async () => {
    const root = await seedUser(t.app, { role: 'superadmin' });
    const missing = await registerAs(t, root, betweenDatesBody({ email: 'root-guest@example.com' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Property is required',
      fieldErrors: { PID: 'Property is required' },
      requestId: expect.any(String),
    });
    const ok = await registerAs(t, root, betweenDatesBody({ email: 'root-guest@example.com', PID: property.id }));
    expect(ok.statusCode).toBe(200);
  });

  it("refuses a resident's registration for another property", async () => {
    const other = await seedProperty(t.app);
    const answer = await registerAs(t, resident, betweenDatesBody({ email: 'x@example.com', PID: other.id }));
    expect(answer.statusCode).toBe(404);
  });
});
