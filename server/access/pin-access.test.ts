import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { randomToken, sha256Hex } from '../crypto/keys';
import { devices, relayLogs } from '../db/schema';
import { seedSimulatedGate } from '../gates/gate-test-support';
import { assignSecurePin } from '../pins/secure-pin';
import { createTestApp, seedProperty, seedUser, type TestApp } from '../test-support/test-app';

let t: TestApp;
const simulator = new RelaySimulator();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

/** A keypad on a simulated relay at a new property, with its device key, and a resident's PIN. */
async function keypadWithResident(features: ('securepin' | 'qr')[] = ['qr', 'securepin']) {
  const property = await seedProperty(t.app, { propertyFeatures: features });
  const { relay, device } = await seedSimulatedGate(t.app, simulator, property.id);
  const key = randomToken();
  await t.app.db
    .update(devices)
    .set({ deviceKeyHash: sha256Hex(key) })
    .where(eq(devices.id, device.id));
  const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Pia' });
  const pin = await assignSecurePin(t.app.db, t.app.config.secret, { userId: resident.id, propertyId: property.id });
  const enter = (entered: string, deviceKey = key) =>
    t.app.inject({
      method: 'POST',
      url: '/api/access/pin',
      payload: { pin: entered },
      headers: { authorization: `Bearer ${deviceKey}` },
    });
  const logs = () => t.app.db.select().from(relayLogs).where(eq(relayLogs.deviceId, device.id));
  return { property, relay, device, resident, pin, enter, logs };
}

const wrongPinFor = (pin: string) => (pin === '482913' ? '482914' : '482913');

describe('POST /api/access/pin', () => {
  it('opens the gate for a resident PIN and logs callerType user with their details', async () => {
    const keypad = await keypadWithResident();
    const answer = await keypad.enter(keypad.pin);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ granted: true, reason: 'PIN accepted' });
    expect(simulator.pulses(keypad.relay.id)).toHaveLength(1);
    const [log] = await keypad.logs();
    expect(log).toMatchObject({
      callerType: 'user',
      status: 'success',
      actorUserId: keypad.resident.id,
      userDetails: { firstName: 'Pia', email: keypad.resident.email },
    });
  });

  it('refuses a wrong PIN, a PIN of another property, and any PIN where securepin is off', async () => {
    const keypad = await keypadWithResident();
    const other = await keypadWithResident();
    expect((await keypad.enter(wrongPinFor(keypad.pin))).json()).toEqual({ granted: false, reason: 'Wrong PIN' });
    if (other.pin !== keypad.pin) expect((await keypad.enter(other.pin)).json().granted).toBe(false);
    const plain = await keypadWithResident(['qr']);
    expect((await plain.enter(plain.pin)).json()).toEqual({
      granted: false,
      reason: 'Secure PIN is not enabled at this property',
    });
    expect(simulator.pulses(keypad.relay.id)).toHaveLength(0);
    expect(simulator.pulses(plain.relay.id)).toHaveLength(0);
    expect((await plain.logs()).map((log) => log.status)).toEqual(['failed']);
  });

  it('locks the keypad for 5 minutes after 5 wrong PINs in 10 minutes, refusing even the right PIN', async () => {
    const keypad = await keypadWithResident();
    const wrong = wrongPinFor(keypad.pin);
    for (let i = 0; i < 4; i++) {
      expect((await keypad.enter(wrong)).statusCode).toBe(200);
      t.clock.advance(2 * 60 * 1000);
    }
    expect((await keypad.enter(wrong)).json().granted).toBe(false);
    const locked = await keypad.enter(keypad.pin);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many wrong PINs. This keypad is locked for 5 minutes.');
    expect(simulator.pulses(keypad.relay.id)).toHaveLength(0);
    const lockoutLogs = await t.app.db
      .select()
      .from(relayLogs)
      .where(and(eq(relayLogs.deviceId, keypad.device.id), eq(relayLogs.reason, locked.json().message)));
    expect(lockoutLogs).toHaveLength(1);

    t.clock.advance(4 * 60 * 1000 + 59 * 1000);
    expect((await keypad.enter(keypad.pin)).statusCode).toBe(429);
    t.clock.advance(2000);
    expect((await keypad.enter(keypad.pin)).json().granted).toBe(true);
  });

  it('does not lock for 5 wrong PINs spread over more than 10 minutes, nor another keypad', async () => {
    const keypad = await keypadWithResident();
    const neighbour = await keypadWithResident();
    const wrong = wrongPinFor(keypad.pin);
    for (let i = 0; i < 5; i++) {
      await keypad.enter(wrong);
      t.clock.advance(3 * 60 * 1000);
    }
    expect((await keypad.enter(keypad.pin)).json().granted).toBe(true);
    for (let i = 0; i < 5; i++) await neighbour.enter(wrongPinFor(neighbour.pin));
    expect((await neighbour.enter(neighbour.pin)).statusCode).toBe(429);
    expect((await keypad.enter(keypad.pin)).json().granted).toBe(true);
  });

  it('needs a known device key and a 6-digit PIN', async () => {
    const keypad = await keypadWithResident();
    expect((await keypad.enter(keypad.pin, 'unknown-key')).statusCode).toBe(401);
    const malformed = await keypad.enter('12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/pin/);
  });
});
