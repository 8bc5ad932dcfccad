import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { users } from '../accounts/account-tables';
import { pinLookupHmac, readSecurePin } from '../gate-credentials/secure-pin';
import { chooseSecurePins } from './bulk-secure-pins';

let t: TestApp;
let propertyId: string;

beforeAll(async () => {
  t = await createTestApp();
  propertyId = (await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin'] })).id;
  const holder = await seedUser(t.app, { role: 'resident', propertyId });
  await t.app.db
    .update(users)
    .set({ securePinHmac: pinLookupHmac(t.app.config.secret, propertyId, '135790') })
    .where(eq(users.id, holder.id));
});
afterAll(() => t.close());

describe('chooseSecurePins', () => {
  it('skips a PIN already stored in the property and one already chosen in the batch', async () => {
    const offered = ['135790', '246801', '246801', '975310'];
    const pins = await chooseSecurePins(t.app.db, t.app.config.secret, [propertyId, propertyId], () => {
      const pin = offered.shift();
      if (!pin) throw new Error('asked for more PINs than expected');
      return pin;
    });
    const chosen = [0, 1].map((index) =>
      readSecurePin(t.app.config.secret, pins.get(index)?.securePinEncrypted ?? null),
    );
    expect([...chosen].sort()).toEqual(['246801', '975310']);
    expect(pins.get(0)?.securePinHmac).toBe(pinLookupHmac(t.app.config.secret, propertyId, chosen[0] ?? ''));
  });
});
