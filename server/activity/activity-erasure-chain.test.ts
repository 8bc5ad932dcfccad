import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { rowsOf } from '../platform/db/rows';
import { verifyActivityChains } from './activity-verify';

// The chain covers a digest of each entry's words (docs/decisions/0055): erasure replaces words and
// changes no hash, and audit:verify still names any other change.
let t: TestApp;
let root: SeededUser;
let manager: SeededUser;
let resident: SeededUser;
let propertyId: string;
beforeAll(async () => {
  t = await createTestApp();
  propertyId = (await seedProperty(t.app, { propertyFeatures: ['rfid'] })).id;
  root = await seedUser(t.app, { role: 'superadmin' });
  manager = await seedUser(t.app, { role: 'admin', propertyId, firstName: 'Morgan', lastName: 'Lee' });
  resident = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Ottilie', lastName: 'Brandvold' });
  for (const label of ['Blue fob', 'Red fob', 'Green fob']) {
    const number = `${label.length}:${label.charCodeAt(0)}`;
    const enrolled = await t.app.inject({
      method: 'POST',
      url: '/api/cards',
      headers: bearer(manager.token),
      payload: { userId: resident.id, number, label },
    });
    expect(enrolled.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

interface Entry {
  id: string;
  seq: number;
  summary: string;
  hash: string;
  prev_hash: string;
  erased_in: number | null;
}
const entries = async () =>
  rowsOf<Entry>(
    await t.app.db.execute(
      sql`select id, seq::int as seq, summary, hash, prev_hash, erased_in from activity where property_id = ${propertyId} order by seq`,
    ),
  );
/** As the database owner with the append-only trigger off: what `audit:verify` exists to catch. */
async function asOwner(statement: ReturnType<typeof sql>) {
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`alter table activity disable trigger activity_append_only_rows`);
    await tx.execute(statement);
    await tx.execute(sql`alter table activity enable trigger activity_append_only_rows`);
  });
}
const brokenAt = async () =>
  (await verifyActivityChains(t.app.db, t.app.config.secret)).broken.map((link) => [link.entryId, link.problem]);

describe('erasure over a chain of digests', () => {
  it('replaces the words of the entries naming the person and changes no hash', async () => {
    const before = await entries();
    // Their sign-in when seeded and the three enrolments.
    const named = before.filter((row) => row.summary.includes('Ottilie Brandvold'));
    expect(named).toHaveLength(4);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/resident/${resident.id}/erase`,
      headers: bearer(root.token),
    });
    expect(response.statusCode).toBe(200);
    const after = await entries();
    // Every entry of before keeps its hash and link; the erasure's own entry is appended.
    expect(after.slice(0, before.length).map((row) => [row.id, row.prev_hash, row.hash])).toEqual(
      before.map((row) => [row.id, row.prev_hash, row.hash]),
    );
    const erased = after.filter((row) => named.some((entry) => entry.id === row.id));
    expect(erased.map((row) => [row.summary, row.erased_in])).toEqual([
      ['Erased person #1 signed in with a password', 1],
      ["Enrolled card 'Blue fob' for Erased person #1", 1],
      ["Enrolled card 'Red fob' for Erased person #1", 1],
      ["Enrolled card 'Green fob' for Erased person #1", 1],
    ]);
    expect(await brokenAt()).toEqual([]);
  });

  it('names an erased entry whose words were changed afterwards, or an entry marked erased by hand', async () => {
    const [, second, third] = (await entries()).filter((row) => row.erased_in === 1);
    await asOwner(sql`update activity set summary = 'Enrolled nothing for Erased person #1' where id = ${second.id}`);
    expect(await brokenAt()).toEqual([
      [second.id, 'its words are not as erasure #1 left them (the entry was changed)'],
    ]);
    await asOwner(sql`update activity set summary = ${second.summary} where id = ${second.id}`);
    expect(await brokenAt()).toEqual([]);
    // A label of an erasure that never happened is no erasure.
    await asOwner(sql`update activity set erased_in = 7 where id = ${third.id}`);
    expect(await brokenAt()).toEqual([[third.id, 'its words are not as erasure #7 left them (the entry was changed)']]);
    await asOwner(sql`update activity set erased_in = 1 where id = ${third.id}`);
    expect(await brokenAt()).toEqual([]);
  });

  it('names an entry whose words were changed by hand when it was never erased', async () => {
    const row = (await entries()).find((entry) => entry.erased_in === null && entry.summary.includes('Morgan Lee'));
    if (!row) throw new Error('no entry of the manager');
    await asOwner(sql`update activity set summary = 'Morgan Lee did nothing' where id = ${row.id}`);
    expect(await brokenAt()).toEqual([[row.id, 'its words do not match their digest (the entry was changed)']]);
    // Marking it erased by hand, label and all, does not pass without the erasure's digest.
    await asOwner(
      sql`update activity set erased_in = 1, summary = 'Erased person #1 did nothing' where id = ${row.id}`,
    );
    expect(await brokenAt()).toEqual([[row.id, 'its words are not as erasure #1 left them (the entry was changed)']]);
    await asOwner(sql`update activity set erased_in = null, summary = ${row.summary} where id = ${row.id}`);
    expect(await brokenAt()).toEqual([]);
  });

  it('names an entry whose other fields or digest were changed, and the entry after one removed', async () => {
    const rows = await entries();
    const [a, b, c] = rows.slice(-4, -1);
    await asOwner(sql`update activity set ip = '203.0.113.9' where id = ${a.id}`);
    expect(await brokenAt()).toEqual([[a.id, 'its content does not match its hash (the entry was changed)']]);
    await asOwner(sql`update activity set ip = (select ip from activity where id = ${b.id}) where id = ${a.id}`);
    await asOwner(sql`update activity set words_digest = repeat('0', 64) where id = ${b.id}`);
    expect((await brokenAt())[0]).toEqual([b.id, 'its content does not match its hash (the entry was changed)']);
    await asOwner(sql`delete from activity where id = ${b.id}`);
    expect(await brokenAt()).toEqual([
      [c.id, 'its previous hash is not the hash of the entry before it (an entry was removed or changed)'],
    ]);
  });

  it('lets the application change no hash, digest or other field under the erasure switch', async () => {
    const [row] = await entries();
    const refused = (statement: ReturnType<typeof sql>) =>
      t.app.db
        .transaction(async (tx) => {
          await tx.execute(sql`select set_config('gatehouse.activity_erasure', 'on', true)`);
          await tx.execute(statement);
        })
        .then(
          () => 'allowed',
          (error: Error) => (error.cause as Error | undefined)?.message ?? error.message,
        );
    expect(
      await refused(
        sql`update activity set hash = repeat('1', 64), erased_in = 1, erased_digest = 'x' where id = ${row.id}`,
      ),
    ).toMatch(/append-only: UPDATE/);
    expect(
      await refused(
        sql`update activity set words_digest = 'x', erased_in = 1, erased_digest = 'x' where id = ${row.id}`,
      ),
    ).toMatch(/append-only: UPDATE/);
    expect(
      await refused(sql`update activity set action = 'x', erased_in = 1, erased_digest = 'x' where id = ${row.id}`),
    ).toMatch(/append-only: UPDATE/);
    expect(await refused(sql`update activity set summary = 'x' where id = ${row.id}`)).toMatch(/append-only: UPDATE/);
  });
});
