import { DEVICE_LIST_PROPERTIES_PER_PAGE } from '@core/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedUser, type TestApp } from '../../test/support/test-app';
import { devices } from '../device-records/device-tables';
import { sha256Hex } from '../platform/crypto/keys';
import { properties } from '../property-records/property-tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/device/get-all with many properties', () => {
  it('pages properties, each with every one of its gates, however many gates there are in all', async () => {
    const PROPERTIES = DEVICE_LIST_PROPERTIES_PER_PAGE + 10;
    const GATES = 40; // 1,200 gates in all: more than one unpaged list ever held
    const rows = await t.app.db
      .insert(properties)
      .values(
        Array.from({ length: PROPERTIES }, (_, i) => ({
          propertyName: `Estate ${String(i).padStart(3, '0')}`,
          propertyLocation: 'Long Road',
        })),
      )
      .returning();
    await t.app.db.insert(devices).values(
      rows.flatMap((property) =>
        Array.from({ length: GATES }, (_, g) => ({
          propertyId: property.id,
          deviceName: `Gate ${g}`,
          deviceIpAddress: '192.168.1.20',
          deviceKeyHash: sha256Hex(`${property.id}-${g}`),
        })),
      ),
    );
    const superadmin = await seedUser(t.app, { role: 'superadmin' });
    const page = async (n: number) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/device/get-all?page=${n}`, headers: bearer(superadmin.token) })
      ).json() as {
        propertyName: string;
        devices: unknown[];
      }[];
    const first = await page(1);
    const second = await page(2);
    expect(first.map((p) => p.propertyName)).toEqual(
      rows.slice(0, DEVICE_LIST_PROPERTIES_PER_PAGE).map((p) => p.propertyName),
    );
    expect(second.map((p) => p.propertyName)).toEqual(
      rows.slice(DEVICE_LIST_PROPERTIES_PER_PAGE).map((p) => p.propertyName),
    );
    expect([...first, ...second].every((p) => p.devices.length === GATES)).toBe(true);
    expect(await page(3)).toEqual([]);
  });
});
