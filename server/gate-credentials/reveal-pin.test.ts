import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { assignResidentPin } from '../people/resident-pin';

let t: TestApp;
let propertyA: Awaited<ReturnType<typeof seedProperty>>;
let adminA: SeededUser;
let adminB: SeededUser;
let superadmin: SeededUser;
let residents: { user: SeededUser; pin: string }[];

beforeAll(async () => {
  t = await createTestApp();
  propertyA = await seedProperty(t.app, { propertyName: 'Aspen Row', propertyFeatures: ['qr', 'securepin'] });
  const propertyB = await seedProperty(t.app, { propertyName: 'Beech End', propertyFeatures: ['qr', 'securepin'] });
  adminA = await seedUser(t.app, { role: 'admin', propertyId: propertyA.id });
  adminB = await seedUser(t.app, { role: 'admin', propertyId: propertyB.id });
  superadmin = await seedUser(t.app, { role: 'superadmin' });
  residents = await Promise.all(
    [propertyA.id, propertyA.id, propertyB.id].map(async (propertyId, index) => {
      const user = await seedUser(t.app, { role: 'resident', propertyId, firstName: `Pinholder${index}` });
      return { user, pin: await assignResidentPin(t.app.db, t.app.config.secret, { userId: user.id, propertyId }) };
    }),
  );
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** Every string and key anywhere in a JSON answer. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => [key, ...textsOf(inner)]);
  return [];
}

describe('secure PINs in list answers', () => {
  it('no list answer carries a PIN or a securePin field, for a manager or a super administrator', async () => {
    const pins = residents.map((resident) => resident.pin);
    const lists = [
      [adminA.token, '/api/resident/get-all'],
      [adminA.token, '/api/resident/get-all?search=pinholder'],
      [superadmin.token, '/api/resident/get-all'],
      [superadmin.token, `/api/resident/get-all?property=${propertyA.id}`],
      [superadmin.token, '/api/resident/get-all?role=resident'],
    ] as const;
    for (const [token, url] of lists) {
      const answer = await get(token, url);
      expect(answer.statusCode, url).toBe(200);
      const texts = textsOf(answer.json());
      expect(texts, url).not.toContain('securePin');
      expect(
        texts.filter((text) => pins.includes(text)),
        url,
      ).toEqual([]);
    }
    const [row] = (await get(adminA.token, '/api/resident/get-all?search=pinholder0')).json().users;
    expect(row.hasSecurePin).toBe(true);
  });

  it("a manager's profile read of a resident carries no PIN; the resident's own still does", async () => {
    const [{ user, pin }] = residents;
    expect((await get(adminA.token, `/api/resident/get-by-id/${user.id}`)).json().securePin).toBeNull();
    expect((await get(user.token, `/api/resident/get-by-id/${user.id}`)).json().securePin).toBe(pin);
  });
});

describe('GET /api/resident/:userId/pin (Reveal)', () => {
  it("answers the PIN to the resident's manager and to a super administrator", async () => {
    const [{ user, pin }] = residents;
    for (const token of [adminA.token, superadmin.token]) {
      const answer = await get(token, `/api/resident/${user.id}/pin`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ securePin: pin });
    }
  });

  it('refuses residents, and hides residents of other properties from their managers', async () => {
    const [{ user }, , { user: elsewhere }] = residents;
    expect((await get(user.token, `/api/resident/${user.id}/pin`)).statusCode).toBe(403);
    expect((await get(adminB.token, `/api/resident/${user.id}/pin`)).statusCode).toBe(404);
    expect((await get(adminA.token, `/api/resident/${elsewhere.id}/pin`)).statusCode).toBe(404);
  });

  it('says why a super administrator has none', async () => {
    const answer = await get(superadmin.token, `/api/resident/${superadmin.id}/pin`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('A super administrator has no secure PIN');
  });
});
