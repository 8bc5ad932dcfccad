import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { users } from '../accounts/account-tables';
import { assignResidentPin } from '../people/resident-pin';
import { findUserByPin, readSecurePin } from './secure-pin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (token: string, userId: string) =>
  t.app.inject({ method: 'POST', url: `/api/resident/refresh-secure-pin/${userId}`, headers: bearer(token) });

describe('secure PINs', () => {
  it('are stored encrypted with a lookup HMAC, never in plain text', async () => {
    const property = await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin'] });
    const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id });
    const pin = await assignResidentPin(t.app.db, t.app.config.secret, {
      userId: resident.id,
      propertyId: property.id,
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, resident.id));
    expect(JSON.stringify(row)).not.toContain(pin);
    expect(readSecurePin(t.app.config.secret, row.securePinEncrypted)).toBe(pin);
    expect((await findUserByPin(t.app.db, t.app.config.secret, property.id, pin))?.id).toBe(resident.id);
    const other = await seedProperty(t.app, { propertyFeatures: ['securepin'] });
    expect(await findUserByPin(t.app.db, t.app.config.secret, other.id, pin)).toBeNull();
  });

  it('retries with a new PIN when the first one is taken in the property, inside a transaction', async () => {
    const property = await seedProperty(t.app, { propertyFeatures: ['securepin'] });
    const first = await seedUser(t.app, { role: 'resident', propertyId: property.id });
    const second = await seedUser(t.app, { role: 'resident', propertyId: property.id });
    const secret = t.app.config.secret;
    await assignResidentPin(t.app.db, secret, { userId: first.id, propertyId: property.id }, () => '284716');
    const candidates = ['284716', '284716', '395827'];
    const pin = await t.app.db.transaction((tx) =>
      assignResidentPin(tx, secret, { userId: second.id, propertyId: property.id }, () => candidates.shift()!),
    );
    expect(pin).toBe('395827');
    expect(candidates).toEqual([]);
    // The same PIN is fine in another property.
    const elsewhere = await seedProperty(t.app, { propertyFeatures: ['securepin'] });
    const third = await seedUser(t.app, { role: 'resident', propertyId: elsewhere.id });
    expect(
      await assignResidentPin(t.app.db, secret, { userId: third.id, propertyId: elsewhere.id }, () => '284716'),
    ).toBe('284716');
  });

  it('stay unique within a property under 500 concurrent refreshes', async () => {
    const property = await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin'] });
    const admin = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const rows = await t.app.db
      .insert(users)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          firstName: 'Many',
          lastName: String(i),
          email: `many.${i}.${property.id}@example.com`,
          role: 'resident' as const,
          propertyId: property.id,
        })),
      )
      .returning({ id: users.id });
    // A loaded machine may shed part of the burst with 503 (no free connection in time): those
    // are sent again, in a smaller burst, until every resident holds a PIN.
    let waiting = rows.map((row) => row.id);
    for (let round = 0; round < 5 && waiting.length; round++) {
      const answers = await Promise.all(waiting.map((id) => refresh(admin.token, id)));
      expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200 && status !== 503)).toEqual(
        [],
      );
      waiting = waiting.filter((_, i) => answers[i].statusCode !== 200);
    }
    expect(waiting).toEqual([]);
    const stored = await t.app.db
      .select({ hmac: users.securePinHmac, sealed: users.securePinEncrypted })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((row) => row.id),
        ),
      );
    const pins = stored.map((row) => readSecurePin(t.app.config.secret, row.sealed));
    expect(new Set(stored.map((row) => row.hmac)).size).toBe(500);
    expect(new Set(pins).size).toBe(500);
    expect(pins.every((pin) => /^\d{6}$/.test(pin ?? ''))).toBe(true);
  });

  it('refresh: a resident refreshes their own, not another; refused without securepin or for a superadmin', async () => {
    const property = await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin'] });
    const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id });
    const neighbour = await seedUser(t.app, { role: 'resident', propertyId: property.id });
    const own = await refresh(resident.token, resident.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ success: true, securePin: expect.stringMatching(/^\d{6}$/) });
    expect((await refresh(resident.token, neighbour.id)).statusCode).toBe(404);

    const plain = await seedProperty(t.app, { propertyFeatures: ['qr'] });
    const plainResident = await seedUser(t.app, { role: 'resident', propertyId: plain.id });
    expect((await refresh(plainResident.token, plainResident.id)).statusCode).toBe(400);
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    expect((await refresh(superadmin.token, superadmin.id)).statusCode).toBe(400);
    expect((await refresh(superadmin.token, resident.id)).statusCode).toBe(200);
  });
});
