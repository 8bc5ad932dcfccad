import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentSmsTo } from '../../test/support/sent-sms';
import { bearer, createTestApp, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

describe('profile', () => {
  it('reads your own profile with the PIN where the property has securepin', async () => {
    const property = await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin'] });
    const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Rita' });
    const pin = (await post(resident.token, `/api/resident/refresh-secure-pin/${resident.id}`, {})).json().securePin;
    const answer = await get(resident.token, `/api/resident/get-by-id/${resident.id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      _id: resident.id,
      firstName: 'Rita',
      email: resident.email,
      phoneNumber: null,
      preferences: { email: false, sms: false },
      securePin: pin,
    });
  });

  it("keeps a resident out of another user's profile, and an admin out of other properties", async () => {
    const property = await seedProperty(t.app);
    const other = await seedProperty(t.app);
    const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id });
    const neighbour = await seedUser(t.app, { role: 'resident', propertyId: property.id });
    const admin = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const stranger = await seedUser(t.app, { role: 'resident', propertyId: other.id });
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    for (const url of [`/api/resident/get-by-id/${neighbour.id}`, `/api/resident/get-by-id/${admin.id}`]) {
      expect((await get(resident.token, url)).statusCode).toBe(404);
    }
    expect(
      (await post(resident.token, `/api/resident/update-phone-number/${neighbour.id}`, { phoneNumber: '5550001111' }))
        .statusCode,
    ).toBe(404);
    expect((await get(admin.token, `/api/resident/get-by-id/${resident.id}`)).statusCode).toBe(200);
    expect((await get(admin.token, `/api/resident/get-by-id/${stranger.id}`)).statusCode).toBe(404);
    expect((await get(admin.token, `/api/resident/get-by-id/${superadmin.id}`)).statusCode).toBe(404);
    expect((await get(superadmin.token, `/api/resident/get-by-id/${stranger.id}`)).statusCode).toBe(200);
    expect((await get(resident.token, '/api/resident/get-by-id/not-a-uuid')).statusCode).toBe(400);
  });

  it('turns SMS on only with a phone number, stored as +1 and 10 digits, and texts a confirmation', async () => {
    const resident = await seedUser(t.app, { role: 'resident', propertyId: (await seedProperty(t.app)).id });
    const base = '/api/resident';
    expect((await get(resident.token, `${base}/phone-number-check/${resident.id}`)).json()).toEqual({
      available: false,
    });
    const refused = await post(resident.token, `${base}/update-preferences/${resident.id}`, { email: true, sms: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toHaveProperty('sms');
    expect((await get(resident.token, `${base}/get-by-id/${resident.id}`)).json().preferences).toEqual({
      email: false,
      sms: false,
      push: true,
      pushGateFailed: true,
      pushKeypadLocked: true,
      pushLockdown: true,
      pushIntercom: true,
    });

    const badPhone = await post(resident.token, `${base}/update-phone-number/${resident.id}`, {
      phoneNumber: '555123',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().message).toContain('Please enter a valid 10-digit phone number.');
    const phone = await post(resident.token, `${base}/update-phone-number/${resident.id}`, {
      phoneNumber: '5551234567',
    });
    expect(phone.json()).toMatchObject({ phoneNumber: '+15551234567' });
    expect((await get(resident.token, `${base}/phone-number-check/${resident.id}`)).json()).toEqual({
      available: true,
    });

    const on = await post(resident.token, `${base}/update-preferences/${resident.id}`, { email: true, sms: true });
    expect(on.statusCode).toBe(200);
    expect((await get(resident.token, `${base}/get-by-id/${resident.id}`)).json().preferences).toEqual({
      email: true,
      sms: true,
      push: true,
      pushGateFailed: true,
      pushKeypadLocked: true,
      pushLockdown: true,
      pushIntercom: true,
    });
    const texts = await sentSmsTo(t.app, '+15551234567');
    expect(texts.some((text) => /SMS notifications are on/.test(text))).toBe(true);
  });

  it('gives a resident\u2019s PIN to their admin only through Reveal, not in the profile read', async () => {
    const pinProperty = await seedProperty(t.app, { propertyFeatures: ['securepin'] });
    const admin = await seedUser(t.app, { role: 'admin', propertyId: pinProperty.id });
    const resident = await seedUser(t.app, { role: 'resident', propertyId: pinProperty.id });
    const pin = (await post(admin.token, `/api/resident/refresh-secure-pin/${resident.id}`, {})).json().securePin;
    expect((await get(admin.token, `/api/resident/get-by-id/${resident.id}`)).json().securePin).toBeNull();
    expect((await get(admin.token, `/api/resident/${resident.id}/pin`)).json().securePin).toBe(pin);
  });
});
