import { MESSAGES } from '@core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../test/guard-rails/table-checksum';
import {
  bearer,
  createTestApp,
  type SeededUser,
  seedProperty,
  seedUser,
  type TestApp,
} from '../../../test/support/test-app';
import { devices } from '../../device-records/device-tables';
import { randomToken, sha256Hex } from '../crypto/keys';
import { SERVER_MESSAGES } from '../errors/server-messages';
import { FRAMEWORK_ERROR_MESSAGES, MAX_PATH_PART_LENGTH } from './framework-errors';
import { MAX_JSON_DEPTH } from './json-body';

let t: TestApp;
let superadmin: SeededUser;
let deviceKey: string;
beforeAll(async () => {
  t = await createTestApp();
  superadmin = await seedUser(t.app, { role: 'superadmin' });
  const property = await seedProperty(t.app);
  deviceKey = randomToken();
  await t.app.db.insert(devices).values({
    propertyId: property.id,
    deviceName: 'Gate',
    deviceIpAddress: '10.0.0.5',
    deviceKeyHash: sha256Hex(deviceKey),
  });
});
afterAll(() => t.close());

/** The body of the issue: 300,000 lists inside one another. */
const DEEP = `${'['.repeat(300_000)}${']'.repeat(300_000)}`;

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': 'application/json' } });

describe('deeply nested JSON', () => {
  it('from an anonymous reader is refused before its body is parsed', async () => {
    for (const payload of [DEEP, '{"code": ', '{"__proto__": {}}']) {
      const answer = await post('/api/access/qr', payload);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'Device key required', requestId: expect.any(String) });
    }
  });

  it('from a reader with its key answers 400 in words, several at once', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/api/access/qr', DEEP, bearer(deviceKey))));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        message: `The request body ${SERVER_MESSAGES.nestedTooDeeply(MAX_JSON_DEPTH)}.`,
        fieldErrors: { body: `The request body ${SERVER_MESSAGES.nestedTooDeeply(MAX_JSON_DEPTH)}.` },
        requestId: expect.any(String),
      });
    }
  });

  it('is counted outside strings only, so brackets inside text are just text', async () => {
    const code = `${'['.repeat(200)}"\\"${']'.repeat(200)}`;
    const answer = await post('/api/access/qr', JSON.stringify({ code }), bearer(deviceKey));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().granted).toBe(false);
  });

  it('on a public route answers 400 in words too', async () => {
    const answer = await post('/api/resident/login', DEEP);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/^The request body is nested too deeply/);
  });
});

describe('NUL characters', () => {
  it('are refused in a body, a query and a path, naming the field, and change nothing', async () => {
    const before = await databaseChecksum(t.app.db);
    const property = await post(
      '/api/property/register',
      JSON.stringify({ propertyName: 'Oak\u0000Ridge', propertyLocation: 'Main Street' }),
      bearer(superadmin.token),
    );
    expect(property.statusCode).toBe(400);
    expect(property.json()).toEqual({
      message: `Property name ${SERVER_MESSAGES.nulCharacter}.`,
      fieldErrors: { propertyName: `Property name ${SERVER_MESSAGES.nulCharacter}.` },
      requestId: expect.any(String),
    });

    const search = await t.app.inject({
      method: 'GET',
      url: '/api/resident/get-all?search=a%00b',
      headers: bearer(superadmin.token),
    });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({
      message: `Search ${SERVER_MESSAGES.nulCharacter}.`,
      fieldErrors: { search: `Search ${SERVER_MESSAGES.nulCharacter}.` },
      requestId: expect.any(String),
    });

    const token = await t.app.inject({ method: 'GET', url: '/api/resident/validate-reset-token/a%00b' });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toEqual({
      message: `Token ${SERVER_MESSAGES.nulCharacter}.`,
      fieldErrors: { token: `Token ${SERVER_MESSAGES.nulCharacter}.` },
      requestId: expect.any(String),
    });
    expect(await databaseChecksum(t.app.db)).toEqual(before);
  });

  it('name a query key that could pollute a prototype as typed, as a body does', async () => {
    for (const query of ['__proto__=Ann%00Lee', 'constructor=Ann']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/resident/get-all?${query}`,
        headers: bearer(superadmin.token),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(`The key “${query.split('=')[0]}” is not allowed.`);
    }
  });
});

describe('addresses the router cannot take', () => {
  const tooLong = 'x'.repeat(600);
  it.each([
    [
      'a path part too long',
      `/api/resident/validate-reset-token/${tooLong}`,
      414,
      FRAMEWORK_ERROR_MESSAGES.pathPartTooLong(MAX_PATH_PART_LENGTH),
    ],
    [
      'a broken %-escape',
      '/api/resident/validate-reset-token/%E0%A4%A',
      400,
      FRAMEWORK_ERROR_MESSAGES.brokenPathEscape,
    ],
  ])('%s answers in words, without echoing the address', async (_case, url, status, message) => {
    const answer = await t.app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toEqual({ message, requestId: expect.any(String) });
    expect(answer.body).not.toContain('xxxxxxxx');
    expect(answer.body).not.toContain('%E0');
    expect(answer.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-request-id': answer.json().requestId,
    });
  });
});

describe('names with hidden characters', () => {
  it('are refused with a sentence naming the field, and nothing is stored', async () => {
    const before = await databaseChecksum(t.app.db);
    const answer = await post(
      '/api/property/register',
      JSON.stringify({ propertyName: 'Oak\u202EegdiR', propertyLocation: 'Main Street' }),
      bearer(superadmin.token),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: MESSAGES.hiddenCharacters('Property name'),
      fieldErrors: { propertyName: MESSAGES.hiddenCharacters('Property name') },
      requestId: expect.any(String),
    });
    expect(await databaseChecksum(t.app.db)).toEqual(before);
  });
});
