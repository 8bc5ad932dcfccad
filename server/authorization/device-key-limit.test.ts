import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedProperty, type TestApp } from '../../test/support/test-app';
import { devices } from '../device-records/device-tables';
import { randomToken, sha256Hex } from '../platform/crypto/keys';
import { LIMITS } from '../platform/limits/limit-rules';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const scan = (key: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/access/qr',
    payload: { code: 'anything' },
    headers: { authorization: `Bearer ${key}` },
    remoteAddress,
  });

describe('wrong device keys per source', () => {
  it('answers a concurrent burst of wrong keys 401 up to the limit, then 429, never slowing a valid key', async () => {
    const property = await seedProperty(t.app);
    const key = randomToken();
    const [device] = await t.app.db
      .insert(devices)
      .values({
        propertyId: property.id,
        deviceName: 'Reader',
        deviceIpAddress: '10.0.0.5',
        deviceKeyHash: sha256Hex(key),
      })
      .returning();
    const source = '203.0.113.40';
    const answers = await Promise.all(
      Array.from({ length: LIMITS.deviceKeyFailures.max + 10 }, (_, i) => scan(`wrong-${i}`, source)),
    );
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(LIMITS.deviceKeyFailures.max);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(10);
    expect((await scan(key, source)).statusCode).toBe(200);
    expect((await scan('wrong-again', '198.51.100.40')).statusCode).toBe(401);
    await t.app.db.delete(devices).where(eq(devices.id, device.id));
  });
});
