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
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2025-06-01T12:00:00Z');
  const property = await seedProperty(t.app);
  owner = await seedUser(t.app, { role: 'resident', propertyId: property.id });
  neighbour = await seedUser(t.app, { role: 'resident', propertyId: property.id });
});
afterAll(() => t.close());

const pastOf = async (user: SeededUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/visitor/past-visitors', headers: bearer(user.token) })).json()
    .visitors as { _id: string; email: string; firstName: string; propertyName: string; lastEndedAt: string }[];

async function register(user: SeededUser, email: string, day: string) {
  const answer = await registerAs(t, user, betweenDatesBody({ email, startDate: day, endDate: day }));
  expect(answer.statusCode).toBe(200);
  return answer.json() as { _id: string; qrCodeId: string };
}

describe('Past visitors (invite again)', () => {
  it('lists a visitor once every code has ended, most recently ended first, and only to who registered them', async () => {
    const early = await register(owner, 'early@example.com', '2025-06-02');
    const late = await register(owner, 'late@example.com', '2025-06-03');
    const kept = await register(owner, 'kept@example.com', '2025-06-03');
    await register(owner, 'kept@example.com', '2025-06-20');
    await register(neighbour, 'theirs@example.com', '2025-06-02');
    expect(await pastOf(owner)).toEqual([]);

    t.clock.set('2025-06-05T12:00:00Z');
    const past = await pastOf(owner);
    expect(past.map((visitor) => visitor.email)).toEqual(['late@example.com', 'early@example.com']);
    expect(past[0]).toMatchObject({ _id: late._id, firstName: 'Vera', lastEndedAt: '2025-06-03T21:00:00.000Z' });
    expect(past[1]._id).toBe(early._id);
    expect(past.map((visitor) => visitor._id)).not.toContain(kept._id);
    expect((await pastOf(neighbour)).map((visitor) => visitor.email)).toEqual(['theirs@example.com']);
  });

  it('counts a code deleted from the Visitor List as ended at once', async () => {
    const { _id, qrCodeId } = await register(owner, 'deleted@example.com', '2025-06-30');
    expect((await pastOf(owner)).map((visitor) => visitor._id)).not.toContain(_id);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/visitor/expire-qrcode',
      payload: { qrCodeId },
      headers: bearer(owner.token),
    });
    expect(expired.statusCode).toBe(200);
    expect((await pastOf(owner))[0]._id).toBe(_id);
  });
});
