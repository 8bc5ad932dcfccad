import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/accounts/account-tables';
import { devices } from '../../server/device-records/device-tables';
import { hashPassword } from '../../server/identity/passwords';
import { randomToken, sha256Hex } from '../../server/platform/crypto/keys';
import { connectPostgres, type Database } from '../../server/platform/db/connect';
import { properties } from '../../server/property-records/property-tables';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import * as processes from '../support/gatehouse-process';

// Two real processes on one database: a session ended, a role changed or a device key rotated or
// deleted through one process is refused by the other on its very next call (the bound stated in
// docs/decisions/0013 and 0014: nothing that decides who a caller or a reader is, is cached).
const PASSWORD = 'resident-password-1';
let database: processes.FreshPostgres;
let orm: Database;
let pair: processes.GatehouseProcess[];
const simulator = new RelaySimulator();
let propertyId: string;

beforeAll(async () => {
  database = await processes.freshPostgresDatabase('gatehouse_faults');
  const env = { JWT_SECRET: 'gate-identity-across-processes-0123456789' };
  const first = await processes.spawnGatehouse({ databaseUrl: database.url, env });
  pair = [first, await processes.spawnGatehouse({ databaseUrl: database.url, env })];
  orm = await connectPostgres(database.url, 2);
  const [property] = await orm.orm
    .insert(properties)
    .values({ propertyName: 'Twin Gates', propertyLocation: '2 Twin Gates Rd', propertyFeatures: ['qr'] })
    .returning();
  propertyId = property.id;
});

afterAll(async () => {
  await Promise.all((pair ?? []).map((process) => process.stop()));
  await orm?.close();
  await simulator.close();
  await database?.drop();
});

async function call(n: 0 | 1, method: string, path: string, token: string, body?: unknown) {
  const answer = await fetch(`${pair[n].baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

async function signIn(email: string, password: string, userType: string) {
  const answer = await call(0, 'POST', '/api/resident/login', '', { email, password, userType });
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

async function seedResident(name: string) {
  const email = `${name}@twin-gates.test`;
  const [resident] = await orm.orm
    .insert(users)
    .values({
      firstName: name,
      lastName: 'Resident',
      email,
      role: 'resident',
      propertyId,
      passwordHash: await hashPassword(PASSWORD, 256),
    })
    .returning();
  return { id: resident.id, email, token: await signIn(email, PASSWORD, 'resident') };
}

async function seedGate() {
  const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
  const key = randomToken();
  const [device] = await orm.orm
    .insert(devices)
    .values({
      propertyId,
      deviceName: 'Gate',
      deviceIpAddress: relay.address,
      driver: 'shelly-gen1',
      pulseSeconds: 1,
      deviceKeyHash: sha256Hex(key),
    })
    .returning();
  return { id: device.id, key };
}

/** The second process's two kinds of user route: one that reads the caller itself, and the rest. */
const press = (token: string, deviceId: string) =>
  call(1, 'POST', '/api/device/trigger-relay', token, { deviceId, propertyId });
const listGates = (token: string) => call(1, 'GET', '/api/device/get-gate-devices', token);
const scan = (key: string) => call(1, 'POST', '/api/access/qr', key, { code: 'no-such-code' });

describe('who calls, as every process sees it', () => {
  it('refuses a session ended through the other process', async () => {
    const gate = await seedGate();
    const resident = await seedResident('Sam');
    expect((await press(resident.token, gate.id)).status).toBe(200);
    expect((await listGates(resident.token)).status).toBe(200);
    expect((await call(0, 'POST', '/api/logout', resident.token)).status).toBe(200);
    expect((await press(resident.token, gate.id)).status).toBe(401);
    expect((await listGates(resident.token)).status).toBe(401);
  });

  it('refuses a user whose role was changed through the other process', async () => {
    const gate = await seedGate();
    const resident = await seedResident('Rory');
    expect((await press(resident.token, gate.id)).status).toBe(200);
    expect((await listGates(resident.token)).status).toBe(200);
    const superadmin = await signIn(processes.TEST_SUPERADMIN.email, processes.TEST_SUPERADMIN.password, 'superadmin');
    const changed = await call(0, 'POST', '/api/resident/update', superadmin, {
      _id: resident.id,
      firstName: 'Rory',
      lastName: 'Resident',
      email: resident.email,
      role: 'admin',
      propertyId,
    });
    expect(changed.status).toBe(200);
    expect((await press(resident.token, gate.id)).status).toBe(401);
    expect((await listGates(resident.token)).status).toBe(401);
  });

  it('refuses a device key rotated, then the device deleted, through the other process', async () => {
    const gate = await seedGate();
    for (let i = 0; i < 2; i++) expect((await scan(gate.key)).status).toBe(200);
    const superadmin = await signIn(processes.TEST_SUPERADMIN.email, processes.TEST_SUPERADMIN.password, 'superadmin');
    const rotated = await call(0, 'POST', `/api/device/${gate.id}/rotate-key`, superadmin);
    expect(rotated.status).toBe(200);
    expect(await scan(gate.key)).toEqual({
      status: 401,
      body: expect.objectContaining({ message: 'Unknown device key' }),
    });
    const newKey = rotated.body.deviceKey as string;
    expect((await scan(newKey)).status).toBe(200);
    expect((await call(0, 'DELETE', `/api/device/${gate.id}`, superadmin)).status).toBe(200);
    expect((await scan(newKey)).status).toBe(401);
  });
});
