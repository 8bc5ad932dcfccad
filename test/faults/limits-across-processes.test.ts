import { generate } from 'otplib/functional';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/accounts/account-tables';
import { devices } from '../../server/device-records/device-tables';
import { hashPassword } from '../../server/identity/passwords';
import { assignResidentPin } from '../../server/people/resident-pin';
import { randomToken, sha256Hex } from '../../server/platform/crypto/keys';
import { connectPostgres, type Database } from '../../server/platform/db/connect';
import { LIMITS } from '../../server/platform/limits/limit-rules';
import { properties } from '../../server/property-records/property-tables';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import {
  type FreshPostgres,
  freshPostgresDatabase,
  type GatehouseProcess,
  spawnGatehouse,
} from '../support/gatehouse-process';

// Two real Gatehouse processes on one PostgreSQL database: every limit holds for the pair as it
// would for one process, whether calls alternate between them or arrive together.
const SECRET = 'limits-across-processes-secret-0123456789';
const PASSWORD = 'resident-password-1';
let database: FreshPostgres;
let orm: Database;
let pair: GatehouseProcess[];
const simulator = new RelaySimulator();
let seeded: { email: string; pin: string; deviceKey: string; deviceId: string; propertyId: string; relayId: string };

beforeAll(async () => {
  database = await freshPostgresDatabase('gatehouse_faults');
  const env = { JWT_SECRET: SECRET, TRUST_PROXY: '127.0.0.1' };
  // One after the other: this suite is about limits, not about starting together.
  const first = await spawnGatehouse({ databaseUrl: database.url, env });
  pair = [first, await spawnGatehouse({ databaseUrl: database.url, env })];
  orm = await connectPostgres(database.url, 2);
  const [property] = await orm.orm
    .insert(properties)
    .values({
      propertyName: 'Twin Oaks',
      propertyLocation: '1 Twin Oaks Way',
      propertyFeatures: ['qr', 'securepin', 'rfid'],
    })
    .returning();
  const email = 'rita@twin-oaks.test';
  const [resident] = await orm.orm
    .insert(users)
    .values({
      firstName: 'Rita',
      lastName: 'Resident',
      email,
      role: 'resident',
      propertyId: property.id,
      passwordHash: await hashPassword(PASSWORD, 256),
    })
    .returning();
  const pin = await assignResidentPin(orm.orm, Buffer.from(SECRET, 'utf8'), {
    userId: resident.id,
    propertyId: property.id,
  });
  const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
  const deviceKey = randomToken();
  const [device] = await orm.orm
    .insert(devices)
    .values({
      propertyId: property.id,
      deviceName: 'Main gate',
      deviceIpAddress: relay.address,
      driver: 'shelly-gen1',
      deviceKeyHash: sha256Hex(deviceKey),
    })
    .returning();
  seeded = { email, pin, deviceKey, deviceId: device.id, propertyId: property.id, relayId: relay.id };
});

afterAll(async () => {
  await Promise.all((pair ?? []).map((process) => process.stop()));
  await orm?.close();
  await simulator.close();
  await database?.drop();
});

/** Calls one of the pair: `n` picks the process, so even n go to the first and odd to the second. */
async function call(n: number, path: string, body: unknown, headers: Record<string, string> = {}) {
  const answer = await fetch(`${pair[n % 2].baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

const signIn = (n: number, password: string, client: string) =>
  call(
    n,
    '/api/resident/login',
    { email: seeded.email, password, userType: 'resident' },
    { 'x-forwarded-for': client },
  );
const enterPin = (n: number, pin: string) =>
  call(n, '/api/access/pin', { pin }, { authorization: `Bearer ${seeded.deviceKey}` });
const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status);
const count = (answers: { status: number }[], status: number) =>
  answers.filter((answer) => answer.status === status).length;

describe('limits shared by two processes', () => {
  it('counts wrong passwords alternated between the processes together', async () => {
    const answers = [];
    for (let n = 0; n < 8; n++) answers.push(await signIn(n, 'wrong', '198.51.100.1'));
    expect(statuses(answers)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('checks at most 5 passwords of a burst split across the processes', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => signIn(n, 'wrong', '198.51.100.2')));
    expect(count(answers, 401)).toBe(5);
    expect(count(answers, 429)).toBe(15);
    expect((await signIn(1, PASSWORD, '198.51.100.3')).status).toBe(200);
  });

  it('locks the keypad after 5 wrong PINs alternated between the processes', async () => {
    const wrong = seeded.pin === '111222' ? '111223' : '111222';
    const alternated = [];
    for (let n = 0; n < 7; n++) alternated.push(await enterPin(n, wrong));
    expect(statuses(alternated)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect((await enterPin(0, seeded.pin)).status).toBe(429);
  });

  it('counts unrecognised cards alternated between the processes together, and a split burst too', async () => {
    const tapCard = (n: number, card: string) =>
      call(n, '/api/access/card', { card }, { authorization: `Bearer ${seeded.deviceKey}` });
    const alternated = [];
    for (let n = 0; n < 20; n++) alternated.push(await tapCard(n, `300:${n}`));
    expect(count(alternated, 200)).toBe(20);
    const burst = await Promise.all(Array.from({ length: 16 }, (_, n) => tapCard(n, `301:${n}`)));
    // 30 a minute per reader, shared: 10 of the burst are decided, 6 refused.
    expect(count(burst, 200)).toBe(10);
    expect(count(burst, 429)).toBe(6);
    expect(statuses([await tapCard(0, '302:1'), await tapCard(1, '302:2')])).toEqual([429, 429]);
  });

  it('pulses once for simultaneous presses split across the processes', async () => {
    const token = ((await signIn(0, PASSWORD, '198.51.100.4')).body as { token: string }).token;
    await simulator.setFault(seeded.relayId, 'slow', 600);
    const before = simulator.pulses(seeded.relayId).length;
    const presses = await Promise.all(
      [0, 1, 0, 1].map((n) =>
        call(
          n,
          '/api/device/trigger-relay',
          { deviceId: seeded.deviceId, propertyId: seeded.propertyId },
          { authorization: `Bearer ${token}` },
        ),
      ),
    );
    expect(statuses(presses)).toEqual([200, 200, 200, 200]);
    expect(simulator.pulses(seeded.relayId).length - before).toBe(1);
    await simulator.setFault(seeded.relayId, 'none');

    const more = [];
    for (let n = 0; n < LIMITS.remoteOpenUser.max; n++) {
      more.push(
        await call(
          n,
          '/api/device/trigger-relay',
          { deviceId: seeded.deviceId, propertyId: seeded.propertyId },
          { authorization: `Bearer ${token}` },
        ),
      );
    }
    // 4 presses above plus these: the person's allowance ends at the same press on either process.
    expect(count(more, 200)).toBe(LIMITS.remoteOpenUser.max - 4);
    expect(count(more, 429)).toBe(4);
  });

  it('counts wrong codes of one session and of one source split across the processes together', async () => {
    const email = 'owen@twin-oaks.test';
    await orm.orm.insert(users).values({
      firstName: 'Owen',
      lastName: 'Owner',
      email,
      role: 'resident',
      propertyId: seeded.propertyId,
      passwordHash: await hashPassword(PASSWORD, 256),
    });
    const passwordStep = async (client: string) =>
      (
        await call(
          0,
          '/api/resident/login',
          { email, password: PASSWORD, userType: 'resident' },
          { 'x-forwarded-for': client },
        )
      ).body;
    const sessionOf = async (client: string) => ({ authorization: `Bearer ${(await passwordStep(client)).token}` });
    const setUp = async (session: Record<string, string>) =>
      ((await call(0, '/api/second-factor/totp/setup', {}, session)).body as { secret: string }).secret;
    const codeAt = (secret: string, stepsAhead = 0) =>
      generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
    const wrongFor = async (secret: string) =>
      String((Number(await codeAt(secret)) + 500_000) % 1_000_000).padStart(6, '0');

    const guessing = await sessionOf('198.51.100.40');
    const wrong = await wrongFor(await setUp(guessing));
    const confirms = await Promise.all(
      Array.from({ length: 12 }, (_, n) => call(n, '/api/second-factor/totp/confirm', { code: wrong }, guessing)),
    );
    expect(count(confirms, 400)).toBe(LIMITS.secondFactorConfirm.max);
    expect(count(confirms, 429)).toBe(12 - LIMITS.secondFactorConfirm.max);

    const enrolling = await sessionOf('198.51.100.40');
    const secret = await setUp(enrolling);
    expect((await call(1, '/api/second-factor/totp/confirm', { code: await codeAt(secret) }, enrolling)).status).toBe(
      200,
    );
    expect((await call(0, '/api/token/refresh', {}, guessing)).status).toBe(401);

    const guesser = '198.51.100.41';
    const pendingToken = (await passwordStep(guesser)).pendingToken;
    const guesses = [];
    for (let n = 0; n < 8; n++) {
      guesses.push(
        await call(
          n,
          '/api/resident/login/second-factor',
          { pendingToken, code: await wrongFor(secret) },
          { 'x-forwarded-for': guesser },
        ),
      );
    }
    expect(statuses(guesses)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const owner = '198.51.100.42';
    const signedIn = await call(
      1,
      '/api/resident/login/second-factor',
      { pendingToken: (await passwordStep(owner)).pendingToken, code: await codeAt(secret, 1) },
      { 'x-forwarded-for': owner },
    );
    expect(signedIn.status).toBe(200);
  });
});
