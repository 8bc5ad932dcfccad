import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, type TestApp } from '../../test/support/test-app';
import { sessions } from '../authorization/session-tables';
import { webauthnChallenges } from './identity-tables';

// Ended and expired sessions are deleted after their retention by the job queue's purge.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3600 * 1000;

describe('session retention', () => {
  it('purges sessions ended or expired more than 30 days ago and spent challenges; keeps the rest', async () => {
    const user = await seedUser(t.app, { role: 'resident' });
    const now = t.clock.now().getTime();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
    const session = (label: string, values: { endedAt?: Date; expiresAt: Date }) => ({
      userId: user.id,
      label,
      address: '203.0.113.9',
      createdAt: at(60),
      lastSeenAt: at(45),
      ...values,
    });
    await t.app.db
      .insert(sessions)
      .values([
        session('ended 31 days ago', { endedAt: at(31), expiresAt: at(-1) }),
        session('ended 29 days ago', { endedAt: at(29), expiresAt: at(-1) }),
        session('expired 31 days ago', { expiresAt: at(31) }),
        session('expired 2 days ago', { expiresAt: at(2) }),
      ]);
    await t.app.db.insert(webauthnChallenges).values([
      { userId: user.id, purpose: 'sign-in', challengeHash: 'spent', expiresAt: at(0.001) },
      { userId: user.id, purpose: 'register', challengeHash: 'live', expiresAt: new Date(now + 60_000) },
    ]);

    expect(await t.app.jobs.purge()).toBe(3);

    const left = (
      await t.app.db.select({ label: sessions.label }).from(sessions).where(eq(sessions.userId, user.id))
    ).map((row) => row.label);
    // The session seedUser signed in with stays too.
    expect(left).toHaveLength(3);
    expect(left).toEqual(expect.arrayContaining(['ended 29 days ago', 'expired 2 days ago']));
    const challenges = await t.app.db
      .select({ hash: webauthnChallenges.challengeHash })
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.userId, user.id));
    expect(challenges).toEqual([{ hash: 'live' }]);
  });
});
