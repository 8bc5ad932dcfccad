import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { activity } from './activity-tables';
import { verifyActivityChains } from './activity-verify';

/** Lockdown and suspension are changes like any other: one trail entry each, none when refused. */
let t: TestApp;
let manager: SeededUser;
let resident: SeededUser;
let propertyId: string;
beforeAll(async () => {
  t = await createTestApp();
  propertyId = (await seedProperty(t.app)).id;
  manager = await seedUser(t.app, { role: 'admin', propertyId, firstName: 'Mona', lastName: 'Manager' });
  resident = await seedUser(t.app, { role: 'resident', propertyId, firstName: 'Rita', lastName: 'Resident' });
});
afterAll(() => t.close());

const post = (url: string, payload?: object, method: 'POST' | 'DELETE' = 'POST') =>
  t.app.inject({ method, url, headers: bearer(manager.token), ...(payload ? { payload } : {}) });
const entries = (action: string) =>
  t.app.db
    .select()
    .from(activity)
    .where(and(eq(activity.propertyId, propertyId), eq(activity.action, action)));

describe('the activity trail of property rules', () => {
  it('records a lockdown start and end, with who and why', async () => {
    expect((await post(`/api/properties/${propertyId}/lockdown`, { reason: 'Police request' })).statusCode).toBe(201);
    expect((await post(`/api/properties/${propertyId}/lockdown`, { reason: 'Again' })).statusCode).toBe(409);
    expect((await post(`/api/properties/${propertyId}/lockdown`, undefined, 'DELETE')).statusCode).toBe(200);
    const [start] = await entries('lockdown.start');
    expect(start).toMatchObject({ actorId: manager.id, summary: 'Started a lockdown: Police request' });
    expect(await entries('lockdown.start')).toHaveLength(1);
    expect(await entries('lockdown.end')).toHaveLength(1);
  });

  it('records a suspension and a resume, and nothing for a refused one', async () => {
    expect((await post(`/api/resident/${manager.id}/suspend`, { reason: 'Myself' })).statusCode).toBe(403);
    expect((await post(`/api/resident/${resident.id}/suspend`, { reason: 'Moved out' })).statusCode).toBe(200);
    expect((await post(`/api/resident/${resident.id}/resume`)).statusCode).toBe(200);
    const [suspended] = await entries('person.suspend');
    expect(suspended).toMatchObject({
      objectId: resident.id,
      summary: 'Paused the access of Rita Resident: Moved out',
      changes: { suspended: { before: false, after: true }, reason: { before: null, after: 'Moved out' } },
    });
    expect(await entries('person.suspend')).toHaveLength(1);
    expect(await entries('person.resume')).toHaveLength(1);
    const { broken } = await verifyActivityChains(t.app.db, t.app.config.secret);
    expect(broken).toEqual([]);
  });
});
