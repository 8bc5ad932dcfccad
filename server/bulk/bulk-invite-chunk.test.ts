import { BULK_MESSAGES } from '@core/bulk/bulk-messages';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTo, sentEmails } from '../../test/support/sent-mail';
import { createTestApp, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { users } from '../accounts/account-tables';
import { accountTokens } from '../identity/identity-tables';
import { inviteChunk } from './bulk-invite-chunk';
import type { RowCandidate, RowFailure } from './bulk-rows';

let t: TestApp;
let pinPropertyId: string;

beforeAll(async () => {
  t = await createTestApp();
  pinPropertyId = (await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin'] })).id;
});
afterAll(() => t.close());

const candidate = (index: number, email: string, propertyId = pinPropertyId): RowCandidate => ({
  index,
  user: { firstName: 'Chunk', lastName: 'Row', email, phoneNumber: null, role: 'resident', propertyId },
});

async function invitationsOf(emails: string[]) {
  const created = await t.app.db
    .select({ id: users.id, email: users.email, pinned: isNotNull(users.securePinHmac) })
    .from(users)
    .where(inArray(users.email, emails));
  const ids = created.map((user) => user.id);
  const tokens = ids.length
    ? await t.app.db
        .select({ userId: accountTokens.userId, total: count() })
        .from(accountTokens)
        .where(and(inArray(accountTokens.userId, ids), eq(accountTokens.kind, 'invite')))
        .groupBy(accountTokens.userId)
    : [];
  const sent = await sentEmails(t.app);
  const mails = emails
    .map((email) => ({ to: email, total: sent.filter((mail) => isTo(mail, email)).length }))
    .filter((row) => row.total > 0);
  return { created, tokens, mails };
}

describe('inviteChunk', () => {
  it('creates a whole chunk in batch with one PIN, token and invitation email per user', async () => {
    const emails = Array.from({ length: 20 }, (_, i) => `batch.${i}@chunk.example.com`);
    const failures: RowFailure[] = [];
    const created = await t.app.db.transaction((tx) =>
      inviteChunk(
        t.app,
        tx,
        emails.map((email, i) => candidate(i, email)),
        failures,
      ),
    );
    expect(created).toBe(20);
    expect(failures).toEqual([]);
    const found = await invitationsOf(emails);
    expect(found.created).toHaveLength(20);
    expect(found.created.every((user) => user.pinned)).toBe(true);
    expect(found.tokens.map((row) => row.total)).toEqual(Array(20).fill(1));
    expect(found.mails.map((row) => row.total)).toEqual(Array(20).fill(1));
  });

  it('when the database refuses one row, creates the others and invites each exactly once', async () => {
    // Taken after the upload's checks ran: only the insert itself can notice.
    const taken = await seedUser(t.app, { role: 'resident', email: 'late.taken@chunk.example.com' });
    const emails = ['first@chunk.example.com', taken.email, 'third@chunk.example.com'];
    const failures: RowFailure[] = [];
    const created = await t.app.db.transaction((tx) =>
      inviteChunk(
        t.app,
        tx,
        [
          candidate(0, emails[0]),
          candidate(1, emails[1]),
          candidate(2, emails[2]),
          candidate(3, 'gone@chunk.example.com', '00000000-0000-4000-8000-000000000000'),
        ],
        failures,
      ),
    );
    expect(created).toBe(2);
    expect(failures).toEqual([
      { index: 1, email: taken.email, message: BULK_MESSAGES.emailTaken },
      { index: 3, email: 'gone@chunk.example.com', message: BULK_MESSAGES.propertyNotFound },
    ]);
    const found = await invitationsOf([emails[0], emails[2], 'gone@chunk.example.com']);
    expect(found.created.map((user) => user.email).sort()).toEqual([emails[0], emails[2]]);
    expect(found.tokens.map((row) => row.total)).toEqual([1, 1]);
    expect(found.mails.map((row) => row.total)).toEqual([1, 1]);
    expect((await sentEmails(t.app)).filter((mail) => isTo(mail, taken.email))).toEqual([]);
  });
});
