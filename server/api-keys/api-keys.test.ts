import { API_KEY_MESSAGES, type ApiKeyScope } from '@core/api/api-keys';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundedBurst } from '../../test/support/bounded-burst';
import { seedSimulatedGate } from '../../test/support/gate-test-support';
import { everyRowAsText, spellings } from '../../test/support/rows-at-rest';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
  testConfig,
} from '../../test/support/test-app';
import { betweenDatesBody } from '../../test/support/visitor-test-support';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { users } from '../accounts/account-tables';
import { activity } from '../activity/activity-tables';
import { buildApp } from '../app/app';
import { sha256Hex } from '../platform/crypto/keys';

let t: TestApp;
const simulator = new RelaySimulator();
let propertyA: string;
let propertyB: string;
let manager: SeededUser;
let otherManager: SeededUser;
let gateA: string;
let gateB: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2025-06-01T12:00:00Z');
  propertyA = (await seedProperty(t.app)).id;
  propertyB = (await seedProperty(t.app)).id;
  manager = await seedUser(t.app, { role: 'admin', propertyId: propertyA, firstName: 'Mia', lastName: 'Manager' });
  otherManager = await seedUser(t.app, { role: 'admin', propertyId: propertyB });
  await seedUser(t.app, { role: 'resident', propertyId: propertyA, firstName: 'Rita' });
  await seedUser(t.app, { role: 'resident', propertyId: propertyB, firstName: 'Bob' });
  gateA = (await seedSimulatedGate(t.app, simulator, propertyA, { name: 'Front gate' })).device.id;
  gateB = (await seedSimulatedGate(t.app, simulator, propertyB, { name: 'Their gate' })).device.id;
});
afterAll(async () => {
  await simulator.close();
  await t.close();
});

async function createKey(scopes: ApiKeyScope[], extra: object = {}, by = manager, property = propertyA) {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/properties/${property}/api-keys`,
    headers: bearer(by.token),
    payload: { name: `Key ${Math.random().toString(36).slice(2, 8)}`, scopes, ...extra },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { _id: string; key: string };
}

const withKey = (
  key: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  app: FastifyInstance = t.app,
) => app.inject({ method, url, payload, headers: bearer(key), remoteAddress: '198.51.100.7' });

const listOf = async (property = propertyA) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/properties/${property}/api-keys`,
      headers: bearer(manager.token),
    })
  ).json().apiKeys as { _id: string; name: string; lastUsedAt: string | null; lastUsedIp: string | null }[];

describe('an API key', () => {
  it('is ghk_ and 256 random bits, shown once, and kept only as its SHA-256', async () => {
    const { _id, key } = await createKey(['visitors:read']);
    expect(key).toMatch(/^ghk_[A-Za-z0-9_-]{43}$/);
    const listed = (await listOf()).find((row) => row._id === _id);
    expect(listed).toBeDefined();
    expect(JSON.stringify(listed)).not.toContain(key.slice(8));
    const dump = await everyRowAsText(t.app);
    expect(spellings(key).filter((form) => dump.includes(form))).toEqual([]);
    expect(spellings(key.slice(4)).filter((form) => dump.includes(form))).toEqual([]);
    expect(dump).toContain(sha256Hex(key));
  });

  it('reads only its own property through the routes its scopes name', async () => {
    const { key } = await createKey(['visitors:read', 'people:read', 'activity:read', 'logs:read']);
    const people = await withKey(key, 'GET', '/api/resident/get-all?limit=100');
    expect(people.statusCode, people.body).toBe(200);
    const names = (people.json().users as { firstName: string }[]).map((user) => user.firstName);
    expect(names).toContain('Rita');
    expect(names).not.toContain('Bob');
    // A manager's list is their own property's, whatever they ask.
    const asked = await withKey(key, 'GET', `/api/resident/get-all?property=${propertyB}`);
    expect((asked.json().users as { firstName: string }[]).map((user) => user.firstName)).not.toContain('Bob');
    expect((await withKey(key, 'GET', '/api/visitor/get-all')).statusCode).toBe(200);
    expect((await withKey(key, 'GET', `/api/relay-logs/property/${propertyA}`)).statusCode).toBe(200);
    expect((await withKey(key, 'GET', `/api/relay-logs/property/${propertyB}`)).statusCode).toBe(404);
    expect((await withKey(key, 'GET', '/api/activity')).statusCode).toBe(200);
    expect((await withKey(key, 'GET', `/api/activity?propertyId=${propertyB}`)).statusCode).toBe(404);
  });

  it('is refused, with the scope named, on a route its scopes do not name', async () => {
    const { key } = await createKey(['visitors:read']);
    const answer = await withKey(key, 'GET', '/api/resident/get-all');
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(API_KEY_MESSAGES.keyMissingScope('people:read'));
  });

  it('is checked with one database statement: the key, its maker and its property read together', async () => {
    const { key } = await createKey(['visitors:read']);
    // Refused for its scope right after the check, so every statement the request made is the check's.
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query;
    const statements: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      statements.push(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text));
      return query.apply(this, args);
    };
    try {
      expect((await withKey(key, 'GET', '/api/resident/get-all')).statusCode).toBe(403);
    } finally {
      client.query = query;
    }
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('"api_keys"');
  });

  it('never reaches people management, keys, properties or a session route', async () => {
    const { key } = await createKey(['visitors:read', 'visitors:write', 'people:read', 'gates:open']);
    const refused = [
      await withKey(key, 'POST', '/api/resident/register', {
        firstName: 'Ivy',
        lastName: 'Invitee',
        email: 'ivy@example.com',
        phoneNumber: '',
        role: 'resident',
        _id: propertyA,
      }),
      await withKey(key, 'GET', `/api/properties/${propertyA}/api-keys`),
      await withKey(key, 'POST', `/api/properties/${propertyA}/api-keys`, { name: 'More', scopes: ['gates:open'] }),
      await withKey(key, 'GET', '/api/property/get-all'),
      await withKey(key, 'GET', '/api/sessions'),
    ];
    expect(refused.map((answer) => [answer.statusCode, answer.json().message])).toEqual(
      refused.map(() => [403, API_KEY_MESSAGES.keyNotAllowed]),
    );
  });

  it('opens its own property`s gate and no other, and registers a visitor, all under its name in the trail', async () => {
    const { _id, key } = await createKey(['gates:open', 'visitors:write']);
    const opened = await withKey(key, 'POST', '/api/device/trigger-relay', { deviceId: gateA, propertyId: propertyA });
    expect(opened.statusCode, opened.body).toBe(200);
    const other = await withKey(key, 'POST', '/api/device/trigger-relay', { deviceId: gateB, propertyId: propertyB });
    expect(other.statusCode).toBe(404);
    const registered = await withKey(key, 'POST', '/api/visitor/register', betweenDatesBody({ PID: propertyA }));
    expect(registered.statusCode, registered.body).toBe(200);
    const entries = await t.app.db
      .select({ action: activity.action, actorName: activity.actorName, summary: activity.summary })
      .from(activity)
      .where(and(eq(activity.actorId, _id)));
    const name = (await listOf()).find((row) => row._id === _id)?.name;
    expect(entries.every((entry) => entry.actorName === `API key '${name}'`)).toBe(true);
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'api-key.use',
      'api-key.use',
      'api-key.use',
      'visitor.register',
    ]);
    expect(entries.map((entry) => entry.summary)).toContain('Called POST /api/device/trigger-relay');
  });

  it('shows its last use (time and address) in the list', async () => {
    const { _id, key } = await createKey(['visitors:read']);
    expect((await listOf()).find((row) => row._id === _id)?.lastUsedAt).toBeNull();
    t.clock.set('2025-06-01T12:30:00Z');
    expect((await withKey(key, 'GET', '/api/visitor/get-all')).statusCode).toBe(200);
    expect((await listOf()).find((row) => row._id === _id)).toMatchObject({
      lastUsedAt: '2025-06-01T12:30:00.000Z',
      lastUsedIp: '198.51.100.7',
    });
  });

  it('stops at its expiry', async () => {
    const { key } = await createKey(['visitors:read'], { expiresAt: '2025-06-02T00:00:00Z' });
    expect((await withKey(key, 'GET', '/api/visitor/get-all')).statusCode).toBe(200);
    t.clock.set('2025-06-02T00:00:01Z');
    const expired = await withKey(key, 'GET', '/api/visitor/get-all');
    expect([expired.statusCode, expired.json().message]).toEqual([401, API_KEY_MESSAGES.keyInvalid]);
    t.clock.set('2025-06-01T12:00:00Z');
  });

  it('refuses an expiry in the past with a sentence, and makes nothing', async () => {
    const before = (await listOf()).length;
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${propertyA}/api-keys`,
      headers: bearer(manager.token),
      payload: { name: 'Late', scopes: ['gates:open'], expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect([answer.statusCode, answer.json().message]).toEqual([400, API_KEY_MESSAGES.expiryPast]);
    expect((await listOf()).length).toBe(before);
  });

  it('stops when its maker is no longer a manager of its property', async () => {
    const maker = await seedUser(t.app, { role: 'admin', propertyId: propertyA });
    const { key } = await createKey(['visitors:read'], {}, maker);
    expect((await withKey(key, 'GET', '/api/visitor/get-all')).statusCode).toBe(200);
    await t.app.db.update(users).set({ propertyId: propertyB }).where(eq(users.id, maker.id));
    expect((await withKey(key, 'GET', '/api/visitor/get-all')).statusCode).toBe(401);
  });

  it('cannot be revoked by a manager of another property', async () => {
    const { _id, key } = await createKey(['visitors:read']);
    const answer = await t.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${_id}`,
      headers: bearer(otherManager.token),
    });
    expect(answer.statusCode).toBe(404);
    expect((await withKey(key, 'GET', '/api/visitor/get-all')).statusCode).toBe(200);
  });
});

describe('revoking a key', () => {
  it('is seen by a second process at its next request', async () => {
    const second = await buildApp(testConfig({ secret: t.app.config.secret, now: t.app.config.now }), t.database);
    try {
      const { _id, key } = await createKey(['visitors:read']);
      expect((await withKey(key, 'GET', '/api/visitor/get-all', undefined, second)).statusCode).toBe(200);
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/api/api-keys/${_id}`,
        headers: bearer(manager.token),
      });
      expect(revoked.statusCode).toBe(200);
      const refused = await withKey(key, 'GET', '/api/visitor/get-all', undefined, second);
      expect([refused.statusCode, refused.json().message]).toEqual([401, API_KEY_MESSAGES.keyInvalid]);
      expect((await listOf()).some((row) => row._id === _id)).toBe(false);
    } finally {
      await second.close();
    }
  });
});

describe('the per-key limit', () => {
  const MAX = 120;
  // Each use is one trail entry, chained per property: a wider burst only queues for the pools.
  const IN_FLIGHT = 20;
  // Every answer's status counted, so an answer that is neither shows with its status.
  const tally = (answers: { statusCode: number; body: string }[]) => {
    const counts: Record<string, number> = {};
    for (const { statusCode, body } of answers) {
      const key = statusCode === 200 || statusCode === 429 ? statusCode : `${statusCode} ${body.slice(0, 200)}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };

  it('lets exactly its allowance through a concurrent burst, and other keys are not touched', async () => {
    t.clock.set('2025-06-03T10:00:00Z');
    const { key } = await createKey(['visitors:read']);
    const { key: neighbour } = await createKey(['visitors:read']);
    const answers = await boundedBurst(
      Array.from({ length: MAX + 10 }, () => () => withKey(key, 'GET', '/api/visitor/get-all?limit=1')),
      IN_FLIGHT,
    );
    expect(tally(answers)).toEqual({ 200: MAX, 429: 10 });
    expect((await withKey(neighbour, 'GET', '/api/visitor/get-all?limit=1')).statusCode).toBe(200);
    t.clock.set('2025-06-03T10:01:01Z');
    expect((await withKey(key, 'GET', '/api/visitor/get-all?limit=1')).statusCode).toBe(200);
  });

  it('is one allowance across two processes', async () => {
    t.clock.set('2025-06-04T10:00:00Z');
    const second = await buildApp(testConfig({ secret: t.app.config.secret, now: t.app.config.now }), t.database);
    try {
      const { key } = await createKey(['visitors:read']);
      const answers = await boundedBurst(
        Array.from(
          { length: MAX + 10 },
          (_, i) => () => withKey(key, 'GET', '/api/visitor/get-all?limit=1', undefined, i % 2 ? second : t.app),
        ),
        IN_FLIGHT,
      );
      expect(tally(answers)).toEqual({ 200: MAX, 429: 10 });
    } finally {
      await second.close();
    }
  });
});
