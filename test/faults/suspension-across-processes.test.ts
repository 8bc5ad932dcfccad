import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/accounts/account-tables';
import { hashPassword } from '../../server/identity/passwords';
import { connectPostgres, type Database } from '../../server/platform/db/connect';
import { properties } from '../../server/property-records/property-tables';
import {
  type FreshPostgres,
  freshPostgresDatabase,
  type GatehouseProcess,
  spawnGatehouse,
} from '../support/gatehouse-process';
import { signInsAroundSuspension } from '../support/sign-ins-around-suspension';

// Two real Gatehouse processes on one PostgreSQL database: sign-ins of one resident at both, while
// a manager suspends her at one. Once the suspension has answered, no token any sign-in got works
// at either process (decision 0065).
const SECRET = 'suspension-across-processes-0123456789';
const PASSWORD = 'resident-password-1';
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

/** Calls process `n % 2`. */
async function call(n: number, method: string, path: string, body?: unknown, token?: string) {
  const answer = await fetch(`${pair[n % 2].baseURL}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { statusCode: answer.status, json: () => JSON.parse(text) };
}

async function seedPeople() {
  const [property] = await orm.orm
    .insert(properties)
    .values({ propertyName: 'Twin Oaks', propertyLocation: '1 Twin Oaks Way' })
    .returning();
  const passwordHash = await hashPassword(PASSWORD, 256);
  const person = (firstName: string, role: 'resident' | 'admin') => ({
    firstName,
    lastName: 'Twin',
    email: `${firstName.toLowerCase()}@twin-oaks.test`,
    role,
    propertyId: property.id,
    passwordHash,
  });
  const [resident, manager] = await orm.orm
    .insert(users)
    .values([person('Rita', 'resident'), person('Mia', 'admin')])
    .returning();
  return { resident, manager };
}

const signIn = (n: number, person: { email: string; role: string }) =>
  call(n, 'POST', '/api/resident/login', { email: person.email, password: PASSWORD, userType: person.role });

describe('suspension across two processes', () => {
  it('leaves no working token to sign-ins at either process racing a suspension at one of them', async () => {
    const { resident, manager } = await seedPeople();
    const managerToken = (await signIn(0, manager)).json().token as string;
    const { tokens, suspension } = await signInsAroundSuspension(
      (n) => signIn(n, resident),
      () => call(1, 'POST', `/api/resident/${resident.id}/suspend`, { reason: 'Moved out' }, managerToken),
      // Under the five sign-ins of one account from one address that may be under way at once.
      4,
    );
    expect(suspension.statusCode).toBe(200);
    const working: string[] = [];
    for (const token of tokens)
      for (const n of [0, 1])
        if ((await call(n, 'GET', `/api/resident/get-by-id/${resident.id}`, undefined, token)).statusCode !== 401)
          working.push(token);
    expect({ signedIn: tokens.length, stillWorking: working.length }).toEqual({
      signedIn: tokens.length,
      stillWorking: 0,
    });
    expect(tokens.length).toBeGreaterThan(0);
  });
});
