import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../server/accounts/account-tables';
import { qrCodes } from '../server/visitors/visitor-tables';
import { bearer, createTestApp, login, seedProperty, type TestApp } from '../test/support/test-app';
import { DEMO_PASSWORD, seedDemoPeople } from './demo-people';

describe('demo people', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sign in with the demo password, see their visitors, and are created once however often the seed runs', async () => {
    const property = await seedProperty(t.app);
    // The demo's visitors are for its day; the server refuses windows that have already ended.
    t.clock.set('2025-06-02T12:00:00Z');
    const people = await seedDemoPeople(t.app, property.id, '2025-06-02');
    await seedDemoPeople(t.app, property.id, '2025-06-02');

    expect(people.map((person) => person.role)).toEqual(['admin', 'resident', 'resident']);
    for (const person of people)
      await expect(login(t.app, person.email, DEMO_PASSWORD, person.role)).resolves.toBeTruthy();

    const riley = people[1].email;
    const [resident] = await t.app.db.select().from(users).where(eq(users.email, riley));
    expect(await t.app.db.select().from(qrCodes).where(eq(qrCodes.createdBy, resident.id))).toHaveLength(3);
    const token = await login(t.app, riley, DEMO_PASSWORD, 'resident');
    const list = await t.app.inject({ method: 'GET', url: '/api/visitor/visitors-qr', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('grace@visitors.example');
  });
});
