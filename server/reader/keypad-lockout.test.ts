import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedProperty, seedUser, type TestApp } from '../../test/support/test-app';
import { assignResidentPin } from '../people/resident-pin';
import type { Orm } from '../platform/db/connect';
import { TooManyRequests } from '../platform/errors/too-many';
import { LIMITS } from '../platform/limits/limit-rules';
import { KeypadLockout } from './keypad-lockout';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The statements a database is asked to run, whichever way they are built. */
function countingStatements(db: Orm) {
  let statements = 0;
  const counted = new Set(['execute', 'select', 'insert', 'update', 'delete', 'transaction']);
  const proxy = new Proxy(db, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (counted.has(String(name))) statements++;
        return value.apply(target, args);
      };
    },
  });
  return { db: proxy, statements: () => statements };
}

/** A keypad at a new property with a resident's PIN; its lockout runs on the app's own database, counted. */
async function keypad() {
  const property = await seedProperty(t.app, { propertyFeatures: ['securepin'] });
  const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id, firstName: 'Pia' });
  const pin = await assignResidentPin(t.app.db, t.app.config.secret, { userId: resident.id, propertyId: property.id });
  const counting = countingStatements(t.app.db);
  const app = Object.create(t.app, { db: { value: counting.db } }) as FastifyInstance;
  const device = { id: crypto.randomUUID(), propertyId: property.id };
  return { lockout: new KeypadLockout(app), device, resident, pin, statements: counting.statements };
}

const wrongPinFor = (pin: string) => (pin === '482913' ? '482914' : '482913');

describe('a keypad entry', () => {
  it('is counted and looked up in one statement', async () => {
    const { lockout, device, resident, pin, statements } = await keypad();
    const right = await lockout.enter(device, pin);
    expect(right.found).toMatchObject({ id: resident.id, firstName: 'Pia', email: resident.email });
    expect(statements()).toBe(1);

    const wrong = await lockout.enter(device, wrongPinFor(pin));
    expect(wrong.found).toBeNull();
    expect(statements()).toBe(2);
  });

  it('finds no resident of another property with the same PIN', async () => {
    const { lockout, pin } = await keypad();
    const elsewhere = await seedProperty(t.app, { propertyFeatures: ['securepin'] });
    const entered = await lockout.enter({ id: crypto.randomUUID(), propertyId: elsewhere.id }, pin);
    expect(entered.found).toBeNull();
  });

  it('past the allowance refuses even the right PIN', async () => {
    const { lockout, device, pin, statements } = await keypad();
    for (let n = 1; n <= LIMITS.keypadFailures.max; n++) await lockout.enter(device, wrongPinFor(pin));
    const refusal = await lockout.enter(device, pin).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooManyRequests);
    expect((refusal as TooManyRequests).retryAfterSeconds).toBe(LIMITS.keypadFailures.windowMs / 1000);
    expect(statements()).toBe(LIMITS.keypadFailures.max + 1);
  });

  it('once locked refuses with the seconds left until the lock ends, then counts afresh', async () => {
    const { lockout, device, pin } = await keypad();
    for (let n = 1; n <= LIMITS.keypadFailures.max; n++) {
      await lockout.wrongPin(await lockout.enter(device, wrongPinFor(pin)));
    }
    t.clock.advance(60_000);
    const refusal = await lockout.enter(device, pin).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooManyRequests);
    expect((refusal as TooManyRequests).retryAfterSeconds).toBe(LIMITS.keypadFailures.lockMs / 1000 - 60);
    t.clock.advance(LIMITS.keypadFailures.lockMs - 60_000);
    expect((await lockout.enter(device, pin)).found).not.toBeNull();
  });

  it('does not reopen a locked keypad when a PIN counted before the lock turns out right and gives its count back', async () => {
    const { lockout, device, pin } = await keypad();
    // As a delivery pass's PIN: not a resident's, so counted, then found right elsewhere.
    const inFlight = await lockout.enter(device, wrongPinFor(pin));
    for (let n = 2; n <= LIMITS.keypadFailures.max; n++) {
      await lockout.wrongPin(await lockout.enter(device, wrongPinFor(pin)));
    }
    await lockout.deliveryPin(inFlight);
    const refusal = await lockout.enter(device, pin).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(TooManyRequests);
  });

  it('counts no right PIN, and refuses one once the wrong ones have used up the allowance', async () => {
    const { lockout, device, pin } = await keypad();
    for (let n = 0; n < 12; n++) expect((await lockout.enter(device, pin)).counted).toEqual([]);
    for (let n = 1; n < LIMITS.keypadFailures.max; n++) await lockout.enter(device, wrongPinFor(pin));
    expect((await lockout.enter(device, pin)).found).not.toBeNull();
    await lockout.enter(device, wrongPinFor(pin));
    expect(await lockout.enter(device, pin).catch((error: unknown) => error)).toBeInstanceOf(TooManyRequests);
  });
});
