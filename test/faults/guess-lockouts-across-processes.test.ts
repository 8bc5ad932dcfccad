import { parseCardNumber } from '@core/cards/card-number';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/accounts/account-tables';
import { devices } from '../../server/device-records/device-tables';
import { cardLookupHash } from '../../server/gate-credentials/card-number-hash';
import { cards } from '../../server/gate-credentials/card-tables';
import { assignResidentPin } from '../../server/people/resident-pin';
import { randomToken, sha256Hex } from '../../server/platform/crypto/keys';
import { connectPostgres, type Database } from '../../server/platform/db/connect';
import { LIMITS } from '../../server/platform/limits/limit-rules';
import { properties } from '../../server/property-records/property-tables';
import {
  type FreshPostgres,
  freshPostgresDatabase,
  type GatehouseProcess,
  spawnGatehouse,
} from '../support/gatehouse-process';

// The keypad and card-reader lockouts over two real Gatehouse processes on one PostgreSQL database: a
// keypad checks at most 5 wrong PINs and a card reader at most 30 unknown cards per lockout
// period, however the guesses are split between the processes, and a locked reader refuses the
// enrolled card too.
const SECRET = 'guess-lockouts-across-processes-0123456789';
const KEYPADS = 10;
const BURST = 30;
let database: FreshPostgres;
let orm: Database;
let pair: GatehouseProcess[];

beforeAll(async () => {
  database = await freshPostgresDatabase('gatehouse_faults');
  const env = { JWT_SECRET: SECRET };
  const first = await spawnGatehouse({ databaseUrl: database.url, env });
  pair = [first, await spawnGatehouse({ databaseUrl: database.url, env })];
  orm = await connectPostgres(database.url, 2);
});

afterAll(async () => {
  await Promise.all((pair ?? []).map((process) => process.stop()));
  await orm?.close();
  await database?.drop();
});

async function newProperty(features: ('securepin' | 'rfid')[]) {
  const [property] = await orm.orm
    .insert(properties)
    .values({
      propertyName: `Twin Oaks ${randomToken().slice(0, 8)}`,
      propertyLocation: '1 Twin Oaks Way',
      propertyFeatures: ['qr', ...features],
    })
    .returning();
  const [resident] = await orm.orm
    .insert(users)
    .values({
      firstName: 'Rita',
      lastName: 'Resident',
      email: `rita-${randomToken().slice(0, 8)}@twin-oaks.test`,
      role: 'resident',
      propertyId: property.id,
    })
    .returning();
  return { propertyId: property.id, residentId: resident.id };
}

/** A reader (keypad or card reader) at the property, with its device key; no relay is needed for refusals. */
async function newReader(propertyId: string) {
  const deviceKey = randomToken();
  await orm.orm.insert(devices).values({
    propertyId,
    deviceName: 'Side gate',
    deviceIpAddress: '127.0.0.1:9',
    driver: 'shelly-gen1',
    deviceKeyHash: sha256Hex(deviceKey),
  });
  return deviceKey;
}

/** Calls one of the pair: `n` picks the process, so even n go to the first and odd to the second. */
async function call(n: number, path: string, body: unknown, deviceKey: string) {
  const answer = await fetch(`${pair[n % 2].baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${deviceKey}` },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as { reason?: string; message?: string } };
}

const reasons = (answers: { status: number; body: { reason?: string } }[], reason: string) =>
  answers.filter((answer) => answer.status === 200 && answer.body.reason === reason).length;

describe('guess lockouts shared by two processes', () => {
  it(`checks exactly ${LIMITS.keypadFailures.max} of ${BURST} wrong PINs split across the processes, at each of ${KEYPADS} new keypads`, async () => {
    const { propertyId, residentId } = await newProperty(['securepin']);
    const pin = await assignResidentPin(orm.orm, Buffer.from(SECRET, 'utf8'), { userId: residentId, propertyId });
    const wrong = pin === '111222' ? '111223' : '111222';
    const keys = await Promise.all(Array.from({ length: KEYPADS }, () => newReader(propertyId)));
    const perBurst = [];
    for (const key of keys) {
      const burst = await Promise.all(
        Array.from({ length: BURST }, (_, n) => call(n, '/api/access/pin', { pin: wrong }, key)),
      );
      perBurst.push(reasons(burst, 'Wrong PIN'));
    }
    expect(perBurst.join(' ')).toBe(Array(KEYPADS).fill(LIMITS.keypadFailures.max).join(' '));
    for (const [n, key] of keys.entries()) expect((await call(n, '/api/access/pin', { pin }, key)).status).toBe(429);
  });

  it('refuses the enrolled card on both processes once a reader is over its rate, whatever the split', async () => {
    const { propertyId, residentId } = await newProperty(['rfid']);
    const enrolled = parseCardNumber('77:12345');
    if (!enrolled.ok) throw new Error(enrolled.message);
    await orm.orm.insert(cards).values({
      propertyId,
      userId: residentId,
      lookupHash: cardLookupHash(Buffer.from(SECRET, 'utf8'), propertyId, enrolled.value),
      hint: '12345',
    });
    const key = await newReader(propertyId);
    const tap = (n: number, card: string) => call(n, '/api/access/card', { card }, key);
    const burst = await Promise.all(Array.from({ length: 40 }, (_, n) => tap(n, `77:${12000 + n}`)));
    expect(reasons(burst, 'Card not recognised')).toBe(LIMITS.unknownCards.max);
    const enrolledAfter = await Promise.all([0, 1, 2, 3].map((n) => tap(n, '77:12345')));
    expect(enrolledAfter.map((answer) => answer.status)).toEqual([429, 429, 429, 429]);
  });
});
