import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asReader, asUser, callFrom, callRoute, seedIntercomWorld } from '../../test/support/intercom-test-support';
import { bearer, createTestApp, type SeededUser, seedUser, type TestApp } from '../../test/support/test-app';
import { rowsOf } from '../platform/db/rows';

/** The intercom's part of "Download my data" and of erasure (docs/decisions/0097). */
let t: TestApp;
let world: Awaited<ReturnType<typeof seedIntercomWorld>>;
let root: SeededUser;
let answered: string;
let declined: string;
/** The name Noor chose for the directory: not a word of her first or last name. */
const CHOSEN = 'The Okafors at 4B';

const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60 * 1024, 7)]);

beforeAll(async () => {
  t = await createTestApp();
  world = await seedIntercomWorld(t.app);
  root = await seedUser(t.app, { role: 'superadmin', firstName: 'Sue', lastName: 'Root' });
  answered = await callFrom(t.app, world.reader, 'Noor');
  const photo = await t.app.inject({
    method: 'POST',
    url: `/api/intercom/calls/${answered}/photo`,
    headers: asReader(world.reader),
    payload: { photo: jpeg.toString('base64') },
  });
  expect(photo.statusCode).toBe(204);
  expect((await callRoute(t.app, asUser(world.resident), answered, 'answer')).statusCode).toBe(200);
  expect((await callRoute(t.app, asReader(world.reader), answered, 'end')).statusCode).toBe(200);
  t.clock.advance(60_000);
  declined = await callFrom(t.app, world.reader, 'Noor');
  expect((await callRoute(t.app, asUser(world.resident), declined, 'decline')).statusCode).toBe(200);
  // The manager looks at the still: the trail names the call "to Noor O.".
  const look = await t.app.inject({
    method: 'GET',
    url: `/api/intercom/calls/${answered}/photo`,
    headers: asUser(world.manager),
  });
  expect(look.statusCode).toBe(200);
  const listing = await t.app.inject({
    method: 'PUT',
    url: '/api/intercom/directory-listing',
    headers: asUser(world.resident),
    payload: { listed: false, displayName: CHOSEN },
  });
  expect(listing.statusCode).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('the intercom in a person’s own data', () => {
  it('has their listing and the calls they received, saying whether a still exists, without its bytes', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/profile/export',
      headers: bearer(world.resident.token),
    });
    expect(response.statusCode).toBe(200);
    const { intercom } = response.json();
    expect(intercom.listing).toEqual({ listed: false, hiddenByManager: false, displayName: CHOSEN, shownAs: CHOSEN });
    expect(intercom.calls).toEqual([
      expect.objectContaining({
        _id: answered,
        gate: 'North Gate',
        displayName: 'Noor O.',
        outcome: 'ended',
        answeredAt: expect.any(String),
        opened: false,
        photoExists: true,
      }),
      expect.objectContaining({ _id: declined, outcome: 'declined', answeredAt: null, photoExists: false }),
    ]);
    expect(intercom.calls[0].atReadable).toEqual(expect.any(String));
    // The still is said to exist, never sent: the file stays far smaller than the photo.
    expect(response.body).not.toContain(jpeg.subarray(0, 600).toString('base64'));
    expect(response.body.length).toBeLessThan(jpeg.length);
  });

  it('is not in the manager’s export: the calls are the resident’s', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/profile/export',
      headers: bearer(world.manager.token),
    });
    expect(response.json().intercom.calls).toEqual([]);
  });
});

describe('erasing a person with intercom data', () => {
  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: string }>(await t.app.db.execute(query))[0].n);

  it('removes their listing and the stills of calls to them, and no trail entry keeps a name the reader showed', async () => {
    const mentions = sql`select count(*) as n from activity
      where summary ilike ${'%Noor O.%'} or changes::text ilike ${`%${CHOSEN}%`}`;
    expect(await count(mentions)).toBeGreaterThan(0);
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/resident/${world.resident.id}/erase`,
      headers: bearer(root.token),
    });
    expect(erased.statusCode).toBe(200);
    const label = erased.json().label as string;
    expect(await count(sql`select count(*) as n from intercom_listings where user_id = ${world.resident.id}`)).toBe(0);
    expect(
      await count(sql`select count(*) as n from intercom_call_photos where call_id in (${answered}, ${declined})`),
    ).toBe(0);
    expect(await count(mentions)).toBe(0);
    const look = rowsOf<{ summary: string }>(
      await t.app.db.execute(
        sql`select summary from activity where action = 'intercom.photo-viewed' and object_id = ${answered}`,
      ),
    );
    expect(look).toEqual([{ summary: `Viewed the photo of the call from North Gate to ${label}` }]);
  });
});
