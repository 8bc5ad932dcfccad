import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveDeviceKey, seedSimulatedGate } from '../../test/support/gate-test-support';
import { sentEmailsTo } from '../../test/support/sent-mail';
import { createTestApp, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { gateLogs } from '../gate-log/gate-log-tables';
import { assignResidentPin } from '../people/resident-pin';

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
  const key = await giveDeviceKey(t.app, device.id);
  const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Pia' });
  const pin = await assignResidentPin(t.app.db, t.app.config.secret, { userId: resident.id, propertyId: property.id });
  const enter = (entered: string, deviceKey = key) =>
    t.app.inject({
      method: 'POST',
      url: '/api/access/pin',
      payload: { pin: entered },
      headers: { authorization: `Bearer ${deviceKey}` },
    });
  const logs = () => t.app.db.select().from(gateLogs).where(eq(gateLogs.deviceId, device.id));
  return { property, relay, device, resident, pin, enter, logs };
}

const wrongPinFor = (pin: string) => (pin === '482913' ? '482914' : '482913');

describe('POST /api/access/pin', () => {
  it('opens the gate for a resident PIN and logs callerType user with their details', async () => {
    const keypad = await keypadWithResident();
    const answer = await keypad.enter(keypad.pin);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ granted: true, reason: 'PIN accepted', resident: { firstName: 'Pia' } });
    expect(simulator.pulses(keypad.relay.id)).toHaveLength(1);
    const [log] = await keypad.logs();
    expect(log).toMatchObject({
      callerType: 'user',
      status: 'success',
      actorUserId: keypad.resident.id,
      userDetails: { firstName: 'Pia', email: keypad.resident.email },
    });
  });

  it('opens nothing for a keypad that had stopped waiting for the answer (a late decision)', async () => {
    const keypad = await keypadWithResident();
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/access/pin',
      payload: { pin: keypad.pin, decideBy: t.app.config.now().getTime() - 1 },
      headers: { authorization: `Bearer ${await giveDeviceKey(t.app, keypad.device.id)}` },
    });
    expect(late.json()).toEqual({ granted: false, reason: 'The reader had stopped waiting, so nothing was opened.' });
    expect(simulator.pulses(keypad.relay.id)).toHaveLength(0);
    expect((await keypad.logs()).map((log) => log.reason)).toEqual([
      'The reader had stopped waiting, so nothing was opened.',
    ]);
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
      .from(gateLogs)
      .where(and(eq(gateLogs.deviceId, keypad.device.id), eq(gateLogs.reason, locked.json().message)));
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

  it('tests at most 5 PINs of a concurrent burst, locks once and emails the managers once', async () => {
    const keypad = await keypadWithResident();
    const manager = await seedUser(t.app, { role: 'admin', propertyId: keypad.property.id });
    const wrong = wrongPinFor(keypad.pin);
    const answers = await Promise.all(Array.from({ length: 30 }, () => keypad.enter(wrong)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(25);
    expect(answers.find((answer) => answer.statusCode === 429)?.headers['retry-after']).toBeDefined();
    expect((await keypad.enter(keypad.pin)).statusCode).toBe(429);
    const alerts = await sentEmailsTo(t.app, manager.email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].subject).toContain(
      `Keypad locked: ${keypad.device.deviceName} at ${keypad.property.propertyName}`,
    );
  });

  it('gives the reservation back for a right PIN, so residents never lock their own keypad', async () => {
    const keypad = await keypadWithResident();
    for (let i = 0; i < 12; i++) expect((await keypad.enter(keypad.pin)).json().granted).toBe(true);
    for (let i = 0; i < 4; i++) await keypad.enter(wrongPinFor(keypad.pin));
    expect((await keypad.enter(keypad.pin)).json().granted).toBe(true);
  });

  it('needs a known device key and a 6-digit PIN', async () => {
    const keypad = await keypadWithResident();
    expect((await keypad.enter(keypad.pin, 'unknown-key')).statusCode).toBe(401);
    const malformed = await keypad.enter('12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toHaveProperty('pin');
  });
});
