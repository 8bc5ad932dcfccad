import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../test/support/test-app';
import { DEVICE_KEY_REQUIRED, UNKNOWN_DEVICE_KEY } from '../authorization/route-permissions';

let t: TestApp;
let superadmin: SeededUser;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await seedUser(t.app, { role: 'superadmin' });
});
afterAll(() => t.close());

async function registerGate(propertyId: string, deviceName: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/device/register',
    headers: bearer(superadmin.token),
    payload: { deviceName, deviceType: 'gate', deviceIpAddress: '127.0.0.1:9', propertyId },
  });
  return answer.json() as { _id: string; deviceKey: string };
}

const whoAmI = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/access/reader', headers });

describe('GET /api/access/reader', () => {
  it('names the gate and property of the key, and whether its keypad and card reader are on', async () => {
    const withPin = await seedProperty(t.app, {
      propertyName: 'Willow Park',
      propertyFeatures: ['qr', 'securepin', 'rfid'],
    });
    const withoutPin = await seedProperty(t.app, { propertyName: 'Birch Hall', propertyFeatures: ['qr'] });
    const north = await registerGate(withPin.id, 'North Gate');
    const south = await registerGate(withoutPin.id, 'South Gate');

    const a = await whoAmI(bearer(north.deviceKey));
    expect(a.statusCode).toBe(200);
    // The server's clock too, from which the reader says by when it needs each answer.
    const serverTime = t.app.config.now().getTime();
    expect(a.json()).toEqual({
      gateName: 'North Gate',
      propertyName: 'Willow Park',
      securePin: true,
      cards: true,
      intercom: false,
      lockedDown: false,
      serverTime,
    });
    expect((await whoAmI(bearer(south.deviceKey))).json()).toEqual({
      gateName: 'South Gate',
      propertyName: 'Birch Hall',
      securePin: false,
      cards: false,
      intercom: false,
      lockedDown: false,
      serverTime,
    });
  });

  it('refuses a missing, unknown or rotated key with 401 in words', async () => {
    const property = await seedProperty(t.app);
    const gate = await registerGate(property.id, 'Side Gate');
    const missing = await whoAmI({});
    expect([missing.statusCode, missing.json().message]).toEqual([401, DEVICE_KEY_REQUIRED]);
    const unknown = await whoAmI(bearer('not-a-key'));
    expect([unknown.statusCode, unknown.json().message]).toEqual([401, UNKNOWN_DEVICE_KEY]);

    await t.app.inject({
      method: 'POST',
      url: `/api/device/${gate._id}/rotate-key`,
      headers: bearer(superadmin.token),
    });
    const rotated = await whoAmI(bearer(gate.deviceKey));
    expect([rotated.statusCode, rotated.json().message]).toEqual([401, UNKNOWN_DEVICE_KEY]);
  });
});
