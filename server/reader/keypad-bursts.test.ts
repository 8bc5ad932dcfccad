import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveDeviceKey, seedSimulatedGate } from '../../test/support/gate-test-support';
import { createTestApp, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { assignResidentPin } from '../people/resident-pin';
import { LIMITS } from '../platform/limits/limit-rules';

// A keypad checks at most 5 wrong PINs per lockout period, however the PINs arrive.
let t: TestApp;
const simulator = new RelaySimulator();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

const KEYPADS = 20;
const BURST = 30;

/** A new keypad at a new Secure PIN property, and a PIN that is nobody's there. */
async function newKeypad() {
  const property = await seedProperty(t.app, { propertyFeatures: ['securepin'] });
  const { device } = await seedSimulatedGate(t.app, simulator, property.id);
  const key = await giveDeviceKey(t.app, device.id);
  const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id });
  const pin = await assignResidentPin(t.app.db, t.app.config.secret, { userId: resident.id, propertyId: property.id });
  const wrong = pin === '482913' ? '482914' : '482913';
  const enter = (entered = wrong) =>
    t.app.inject({
      method: 'POST',
      url: '/api/access/pin',
      payload: { pin: entered },
      headers: { authorization: `Bearer ${key}` },
    });
  return { pin, enter };
}

/** How many answers of a burst were decided "Wrong PIN" (each one a PIN checked). */
const checked = (answers: { statusCode: number; json(): { reason?: string } }[]) =>
  answers.filter((answer) => answer.statusCode === 200 && answer.json().reason === 'Wrong PIN').length;

/** The counts expected of `keypads` bursts, one per keypad, written out so a failure shows every count. */
const fivesFor = (keypads: number) => Array(keypads).fill(LIMITS.keypadFailures.max).join(' ');

describe('wrong PINs fired at once at new keypads', () => {
  it(`checks exactly ${LIMITS.keypadFailures.max} of ${BURST} at each of ${KEYPADS} keypads, then refuses the right PIN`, async () => {
    const keypads = await Promise.all(Array.from({ length: KEYPADS }, newKeypad));
    const perBurst = [];
    for (const keypad of keypads) {
      perBurst.push(checked(await Promise.all(Array.from({ length: BURST }, () => keypad.enter()))));
    }
    expect(perBurst.join(' ')).toBe(fivesFor(KEYPADS));
    for (const keypad of keypads) expect((await keypad.enter(keypad.pin)).statusCode).toBe(429);
  });

  it('checks only the PINs left of the allowance in a burst that straddles the lock', async () => {
    const perBurst = [];
    for (let n = 0; n < KEYPADS; n++) {
      const keypad = await newKeypad();
      const before = n % LIMITS.keypadFailures.max;
      for (let i = 0; i < before; i++) await keypad.enter();
      perBurst.push(before + checked(await Promise.all(Array.from({ length: BURST }, () => keypad.enter()))));
    }
    expect(perBurst.join(' ')).toBe(fivesFor(KEYPADS));
  });

  it('checks no more PINs when a burst arrives while the keypad is locking', async () => {
    const perKeypad = [];
    for (let n = 0; n < KEYPADS; n++) {
      const keypad = await newKeypad();
      const first = Array.from({ length: BURST }, () => keypad.enter());
      await Promise.race(first);
      const second = Array.from({ length: BURST }, () => keypad.enter());
      perKeypad.push(checked(await Promise.all([...first, ...second])));
    }
    expect(perKeypad.join(' ')).toBe(fivesFor(KEYPADS));
  });
});
