import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/accounts/account-tables';
import { devices } from '../../server/device-records/device-tables';
import { hashPassword } from '../../server/identity/passwords';
import { randomToken, sha256Hex } from '../../server/platform/crypto/keys';
import { connectPostgres, type Database } from '../../server/platform/db/connect';
import { LIMITS } from '../../server/platform/limits/limit-rules';
import { properties } from '../../server/property-records/property-tables';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import * as processes from '../support/gatehouse-process';

// Two real processes on one PostgreSQL: a gate reader connected to one and a resident's phones to
// the other (and to both) take part in one intercom call, its state and signals living in the
// database only (decision 0093); the directory's per-reader limit holds for the pair.
const PASSWORD = 'resident-password-1';
let database: processes.FreshPostgres;
let orm: Database;
let pair: processes.GatehouseProcess[];
const simulator = new RelaySimulator();
let propertyId: string;
let residentEmail: string;

beforeAll(async () => {
  database = await processes.freshPostgresDatabase('gatehouse_faults');
  const env = { JWT_SECRET: 'intercom-across-processes-0123456789' };
  const first = await processes.spawnGatehouse({ databaseUrl: database.url, env });
  pair = [first, await processes.spawnGatehouse({ databaseUrl: database.url, env })];
  orm = await connectPostgres(database.url, 2);
  const [property] = await orm.orm
    .insert(properties)
    .values({ propertyName: 'Twin Bells', propertyLocation: '3 Twin Bells Ct', propertyFeatures: ['qr', 'intercom'] })
    .returning();
  propertyId = property.id;
  residentEmail = 'noor@twin-bells.test';
  await orm.orm.insert(users).values({
    firstName: 'Noor',
    lastName: 'Okafor',
    email: residentEmail,
    role: 'resident',
    propertyId,
    passwordHash: await hashPassword(PASSWORD, 256),
  });
});

afterAll(async () => {
  await Promise.all((pair ?? []).map((process) => process.stop()));
  await orm?.close();
  await simulator.close();
  await database?.drop();
});

type Answer = { status: number; body: Record<string, unknown> };

async function call(n: number, method: string, path: string, token: string, body?: unknown): Promise<Answer> {
  const answer = await fetch(`${pair[n % 2].baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

/** A phone of Noor's signed in through process `n`: a session (device) of its own. */
async function phoneOn(n: number) {
  const answer = await call(n, 'POST', '/api/resident/login', '', {
    email: residentEmail,
    password: PASSWORD,
    userType: 'resident',
  });
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

/** A reader on a simulated relay, with its device key. */
async function seedReader(name: string) {
  const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
  const key = randomToken();
  const [device] = await orm.orm
    .insert(devices)
    .values({
      propertyId,
      deviceName: name,
      deviceIpAddress: relay.address,
      driver: 'shelly-gen1',
      deviceKeyHash: sha256Hex(key),
    })
    .returning();
  return { key, deviceId: device.id, relayId: relay.id };
}

const search = (n: number, key: string, q: string) =>
  call(n, 'GET', `/api/intercom/directory?q=${encodeURIComponent(q)}`, key);

describe('an intercom call across two processes', () => {
  it('is made on one process, answered on the other, and the other phone stops ringing', async () => {
    const reader = await seedReader('North Gate');
    const [phoneA, phoneB] = [await phoneOn(1), await phoneOn(0)];
    const entry = ((await search(0, reader.key, 'noor')).body.entries as { _id: string }[])[0];
    const created = await call(0, 'POST', '/api/intercom/calls', reader.key, { directoryId: entry._id });
    expect(created.status).toBe(201);
    const callId = created.body._id as string;

    // Both phones ring, whichever process they ask.
    for (const [n, phone] of [
      [1, phoneA],
      [0, phoneB],
    ] as const) {
      const ringing = await call(n, 'GET', '/api/intercom/calls?status=ringing&limit=5', phone);
      expect((ringing.body.calls as { _id: string }[]).map((c) => c._id)).toEqual([callId]);
    }

    expect((await call(1, 'POST', `/api/intercom/calls/${callId}/answer`, phoneA)).status).toBe(200);
    // Phone B, on the reader's process: no longer ringing, and told where it went.
    const stillRinging = await call(0, 'GET', '/api/intercom/calls?status=ringing&limit=5', phoneB);
    expect(stillRinging.body.calls).toEqual([]);
    expect((await call(0, 'GET', `/api/intercom/calls/${callId}`, phoneB)).body).toMatchObject({
      status: 'answered',
      answeredHere: false,
      reason: 'Answered on another device',
    });
    expect((await call(0, 'POST', `/api/intercom/calls/${callId}/answer`, phoneB)).status).toBe(409);

    // The reader's offer, posted to process 0, reaches phone A polling process 1, and back.
    const offer = { type: 'offer', sdp: 'v=0 offer from the gate' };
    expect((await call(0, 'POST', `/api/intercom/calls/${callId}/signals`, reader.key, offer)).status).toBe(202);
    const atPhone = await call(1, 'GET', `/api/intercom/calls/${callId}/signals?after=0`, phoneA);
    expect((atPhone.body.signals as { message: unknown }[]).map((s) => s.message)).toEqual([offer]);
    const answer = { type: 'answer', sdp: 'v=0 answer from the phone' };
    expect((await call(1, 'POST', `/api/intercom/calls/${callId}/signals`, phoneA, answer)).status).toBe(202);
    const atReader = await call(0, 'GET', `/api/intercom/calls/${callId}/signals?after=0`, reader.key);
    expect((atReader.body.signals as { message: unknown }[]).map((s) => s.message)).toEqual([answer]);

    // "Open gate" on process 1 pulses the relay once; the reader on process 0 reads it.
    expect((await call(1, 'POST', `/api/intercom/calls/${callId}/open`, phoneB)).status).toBe(403);
    const opened = await call(1, 'POST', `/api/intercom/calls/${callId}/open`, phoneA);
    expect(opened.status).toBe(200);
    expect(simulator.pulses(reader.relayId)).toHaveLength(1);
    expect((await call(0, 'GET', `/api/intercom/calls/${callId}`, reader.key)).body.opened).toBe(true);
    expect((await call(0, 'POST', `/api/intercom/calls/${callId}/end`, reader.key)).status).toBe(200);
    expect((await call(1, 'POST', `/api/intercom/calls/${callId}/open`, phoneA)).status).toBe(409);
    expect(simulator.pulses(reader.relayId)).toHaveLength(1);
  });
});

describe("the directory's per-reader limit across two processes", () => {
  const { max } = LIMITS.intercomDirectory;

  it('counts searches alternated between the processes together', async () => {
    const reader = await seedReader('East Gate');
    const answers = [];
    for (let n = 0; n < max + 2; n++) answers.push((await search(n, reader.key, 'no')).status);
    expect(answers.slice(0, max).every((status) => status === 200)).toBe(true);
    expect(answers.slice(max)).toEqual([429, 429]);
  });

  it('answers exactly its allowance of a concurrent burst split across the processes', async () => {
    const reader = await seedReader('West Gate');
    const burst = await Promise.all(Array.from({ length: max + 15 }, (_, n) => search(n, reader.key, 'no')));
    expect(burst.filter((answer) => answer.status === 200)).toHaveLength(max);
    expect(burst.filter((answer) => answer.status === 429)).toHaveLength(15);
    // Another reader of the same property has its own allowance.
    const other = await seedReader('South Gate');
    expect((await search(1, other.key, 'no')).status).toBe(200);
  });
});

describe('a process killed in the middle of a call', () => {
  it('leaves no call live: the phone on the other process is told the gate lost its connection', async () => {
    const doomed = await processes.spawnGatehouse({
      databaseUrl: database.url,
      env: { JWT_SECRET: 'intercom-across-processes-0123456789' },
    });
    try {
      const reader = await seedReader('Crash Gate');
      const viaDoomed = async (method: string, path: string, body?: unknown) => {
        const answer = await fetch(`${doomed.baseURL}${path}`, {
          method,
          headers: { authorization: `Bearer ${reader.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        return (await answer.json()) as Record<string, unknown>;
      };
      const entry = ((await viaDoomed('GET', '/api/intercom/directory?q=noor')).entries as { _id: string }[])[0];
      const callId = (await viaDoomed('POST', '/api/intercom/calls', { directoryId: entry._id }))._id as string;
      const phone = await phoneOn(1);
      expect((await call(1, 'POST', `/api/intercom/calls/${callId}/answer`, phone)).status).toBe(200);

      doomed.child.kill('SIGKILL');
      // The phone keeps polling its signals (its heartbeat) until the call it is in has ended.
      let seen: Answer;
      do {
        await call(1, 'GET', `/api/intercom/calls/${callId}/signals?after=0`, phone);
        seen = await call(1, 'GET', `/api/intercom/calls/${callId}`, phone);
        if (seen.body.status === 'answered') await new Promise((resolve) => setTimeout(resolve, 500));
      } while (seen.body.status === 'answered');
      expect(seen.body).toMatchObject({ status: 'ended', reason: 'The call ended: the gate lost its connection.' });
      expect((await call(1, 'POST', `/api/intercom/calls/${callId}/open`, phone)).status).toBe(409);
      expect(simulator.pulses(reader.relayId)).toHaveLength(0);
    } finally {
      await doomed.stop('SIGKILL');
    }
  });
});
