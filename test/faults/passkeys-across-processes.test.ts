import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/accounts/account-tables';
import { hashPassword } from '../../server/identity/passwords';
import { connectPostgres, type Database } from '../../server/platform/db/connect';
import {
  type FreshPostgres,
  freshPostgresDatabase,
  type GatehouseProcess,
  spawnGatehouse,
} from '../support/gatehouse-process';
import { SoftwareAuthenticator } from '../support/software-authenticator';

// Two real Gatehouse processes on one PostgreSQL database behind one APP_URL: a passkey challenge
// handed out by one is answered at the other, and works once for the pair.
const SECRET = 'passkeys-across-processes-secret-0123456789';
const APP_URL = 'https://gatehouse.test';
const PASSWORD = 'manager-password-1';
const EMAIL = 'mia@twin-oaks.test';
let database: FreshPostgres;
let orm: Database;
let pair: GatehouseProcess[];

beforeAll(async () => {
  database = await freshPostgresDatabase('gatehouse_faults');
  const env = { JWT_SECRET: SECRET, APP_URL };
  const first = await spawnGatehouse({ databaseUrl: database.url, env });
  pair = [first, await spawnGatehouse({ databaseUrl: database.url, env })];
  orm = await connectPostgres(database.url, 2);
  await orm.orm.insert(users).values({
    firstName: 'Mia',
    lastName: 'Manager',
    email: EMAIL,
    role: 'superadmin',
    passwordHash: await hashPassword(PASSWORD, 256),
  });
});

afterAll(async () => {
  await Promise.all((pair ?? []).map((process) => process.stop()));
  await orm?.close();
  await database?.drop();
});

/** Calls process `n % 2`; answers status and body. */
async function call(n: number, path: string, body: unknown, token?: string) {
  const answer = await fetch(`${pair[n % 2].baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: await answer.json() };
}

const passwordStep = (n: number) =>
  call(n, '/api/resident/login', { email: EMAIL, password: PASSWORD, userType: 'superadmin' });

describe('passkeys across two processes', () => {
  it('registers and signs in with challenges taken once by whichever process gets the answer', async () => {
    const key = new SoftwareAuthenticator('gatehouse.test');
    const { token } = (await passwordStep(0)).body;
    const registration = await call(0, '/api/second-factor/passkeys/options', {}, token);
    const credential = key.register(registration.body.options, APP_URL);
    expect((await call(1, '/api/second-factor/passkeys', { name: 'Key', credential }, token)).status).toBe(200);
    expect((await call(0, '/api/second-factor/passkeys', { name: 'Key', credential }, token)).status).toBe(400);

    for (let round = 0; round < 4; round++) {
      const { pendingToken } = (await passwordStep(round)).body;
      const options = await call(round, '/api/resident/login/passkey/options', { pendingToken });
      const answer = key.authenticate(options.body.options, APP_URL);
      // The same answer reaches both processes at once: one session, one refusal.
      const both = await Promise.all(
        [round + 1, round].map((n) => call(n, '/api/resident/login/passkey', { pendingToken, credential: answer })),
      );
      expect(both.map((reply) => reply.status).sort()).toEqual([200, 401]);
    }
  });
});
