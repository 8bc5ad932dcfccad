import { isNotNull, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteTokenOf, resetTokenOf } from '../../../test/support/account-test-support';
import { giveDeviceKey, seedSimulatedGate } from '../../../test/support/gate-test-support';
import { freePort } from '../../../test/support/gatehouse-process';
import { Mailbox } from '../../../test/support/mailbox';
import { everyRowAsText, spellings } from '../../../test/support/rows-at-rest';
import { isTo } from '../../../test/support/sent-mail';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
  uniqueEmail,
} from '../../../test/support/test-app';
import { betweenDatesBody, decodeQrAttachment, registerAs } from '../../../test/support/visitor-test-support';
import { RelaySimulator } from '../../../tools/relay-simulator/relay-simulator';
import { jobs } from './job-tables';

// The start of any PNG file: its signature as base64 and as hex (bytea columns print as hex).
const PNG_SIGNATURES = ['iVBORw0KGgo', '89504e470d0a1a0a'];

function findLeaks(dump: string, tokens: string[]): string[] {
  const lower = dump.toLowerCase();
  const leaked = tokens.flatMap(spellings).filter((form) => dump.includes(form) || lower.includes(form.toLowerCase()));
  return [...leaked, ...PNG_SIGNATURES.filter((signature) => dump.includes(signature) || lower.includes(signature))];
}

let t: TestApp;
let mailbox: Mailbox;
let simulator: RelaySimulator;
let resident: SeededUser;
let resetUser: SeededUser;
let gateKey: string;
let invitee: string;
let whileQueued: string;
let afterSending: string;

const mailTo = (address: string, subject: string): ParsedMail => {
  const mail = mailbox.messages.find((m) => isTo(m, address) && m.subject?.includes(subject));
  if (!mail) throw new Error(`no "${subject}" email to ${address}`);
  return mail;
};

beforeAll(async () => {
  // The SMTP server is not up yet: the first tries fail and the jobs wait in the table.
  const smtpPort = await freePort();
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtpPort}` });
  t.clock.set('2025-06-01T12:00:00Z');
  simulator = new RelaySimulator();
  const property = await seedProperty(t.app, { propertyName: 'Oak Ridge' });
  resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Rita' });
  resetUser = await seedUser(t.app, { role: 'resident', propertyId: property.id });
  const superadmin = await seedUser(t.app, { role: 'superadmin' });
  const { device } = await seedSimulatedGate(t.app, simulator, property.id);
  gateKey = await giveDeviceKey(t.app, device.id);

  invitee = uniqueEmail('invitee');
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/resident/register',
    headers: bearer(superadmin.token),
    payload: {
      firstName: 'Ivy',
      lastName: 'Invitee',
      email: invitee,
      phoneNumber: '',
      role: 'resident',
      _id: property.id,
    },
  });
  expect(invited.statusCode).toBe(201);
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/resident/request-password-reset',
    payload: { email: resetUser.email },
  });
  expect(reset.statusCode).toBe(200);
  expect((await registerAs(t, resident, betweenDatesBody({ email: 'vera@example.com' }))).statusCode).toBe(200);

  await t.app.jobs.kick();
  const [{ failing }] = await t.app.db
    .select({ failing: sql<number>`count(*)::int` })
    .from(jobs)
    .where(isNotNull(jobs.lastError));
  expect(failing).toBe(4);
  whileQueued = await everyRowAsText(t.app);

  mailbox = new Mailbox();
  await mailbox.start(smtpPort);
  t.clock.advance(60_000);
  await t.app.jobs.kick();
  expect(mailbox.messages).toHaveLength(4);
  afterSending = await everyRowAsText(t.app);
});

afterAll(async () => {
  await t.close();
  await mailbox?.stop();
  await simulator.close();
});

describe('email jobs at rest', () => {
  it('never hold a raw invitation, reset or QR token, nor a QR image, in any table', () => {
    const tokens = [
      inviteTokenOf(mailTo(invitee, 'invited')),
      resetTokenOf(mailTo(resetUser.email, 'Reset')),
      decodeQrAttachment(mailTo('vera@example.com', 'QR code')),
      decodeQrAttachment(mailTo(resident.email, 'QR code')),
    ];
    expect(findLeaks(whileQueued, tokens)).toEqual([]);
    expect(findLeaks(afterSending, tokens)).toEqual([]);
  });

  it('clear the payload of every sent job', async () => {
    const sent = await t.app.db
      .select({ kind: jobs.kind, payload: jobs.payload })
      .from(jobs)
      .where(isNotNull(jobs.doneAt));
    // The four emails, and the property events of what the test did (a visitor registered).
    expect(sent.filter((job) => job.kind !== 'domain-event')).toHaveLength(4);
    expect(sent.every((job) => job.payload === null)).toBe(true);
  });

  it('still deliver a working invitation link', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/resident/verify-email',
      payload: { _id: inviteTokenOf(mailTo(invitee, 'invited')), newPassword: 'invited-password' },
    });
    expect(answer.statusCode).toBe(200);
  });

  it('still deliver a working reset link', async () => {
    const token = resetTokenOf(mailTo(resetUser.email, 'Reset'));
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/resident/reset-password/${token}`,
      payload: { newPassword: 'reset-password' },
    });
    expect(answer.statusCode).toBe(200);
  });

  it('still deliver a QR code the gate accepts, to the visitor and on the resident`s copy', async () => {
    t.clock.set('2025-06-02T13:00:00Z'); // 09:00 in New York, inside the window
    for (const address of ['vera@example.com', resident.email]) {
      const code = decodeQrAttachment(mailTo(address, 'QR code'));
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/access/qr',
        payload: { code },
        headers: bearer(gateKey),
      });
      expect(answer.json()).toMatchObject({ granted: true });
    }
  });
});
