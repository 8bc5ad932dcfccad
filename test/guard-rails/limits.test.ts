import { MAX_PAGE_SIZE } from '@core/constants';
import { REQUEST_BODY_LIMIT_BYTES } from '@core/limits/request-size';
import { afterAll, describe, expect, it } from 'vitest';
import { assignResidentPin } from '../../server/people/resident-pin';
import { SERVER_MESSAGES } from '../../server/platform/errors/server-messages';
import { LIMITS } from '../../server/platform/limits/limit-rules';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { giveDeviceKey, seedSimulatedGate } from '../support/gate-test-support';
import { bearer, createTestApp, seedProperty, seedUser } from '../support/test-app';
import { GuardWorld, SLOW_TEST_MS } from './guard-world';
import { allowedHeaders } from './identities';
import { buildRouteRequest, requestUrl } from './route-request';
import { CaseSeeds } from './seeding-registry';
import { objectShape } from './zod-introspect';

const t = await createTestApp();
const simulator = new RelaySimulator();
afterAll(async () => {
  await simulator.close();
  await t.close();
});
const routes = t.app.routeCatalog;

describe('request body size', () => {
  it('refuses a body over the limit with 413 and a {message}, before anything else', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/resident/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        email: 'a@example.com',
        password: 'x'.repeat(REQUEST_BODY_LIMIT_BYTES),
        userType: 'resident',
      }),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ message: expect.stringMatching(/too large/i), requestId: expect.any(String) });
  });
});

describe('per-client rate limit on every public route', () => {
  const publicRoutes = routes.filter((route) => route.permission.kind === 'public');

  it('covers the public routes of docs/SPEC.md', () => {
    const urls = publicRoutes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('POST /api/resident/login');
    expect(publicRoutes.length).toBeGreaterThan(0);
  });

  for (const route of publicRoutes) {
    it(`${route.method} ${route.url}: 429 with a message by call ${LIMITS.publicRoute.max + 1} from one client`, async () => {
      const url = route.url.replace(/:(\w+)/g, 'guard-rails-probe');
      const call = (remoteAddress: string) =>
        t.app.inject({
          method: route.method as 'POST',
          url,
          remoteAddress,
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        });
      const client = `192.0.2.${publicRoutes.indexOf(route) + 1}`;
      let answer = await call(client);
      for (let calls = 1; answer.statusCode !== 429 && calls <= LIMITS.publicRoute.max; calls++)
        answer = await call(client);
      expect(answer.statusCode).toBe(429);
      expect(answer.json()).toEqual({ message: SERVER_MESSAGES.tooManyRequests, requestId: expect.any(String) });
      expect(answer.headers['retry-after']).toBeDefined();
      expect((await call('198.51.100.7')).statusCode).not.toBe(429);
    });
  }
});

describe('wrong second-factor codes on every route that checks one', () => {
  // A `code` in the body of a second-factor route (a QR code elsewhere is no secret of an account).
  const codeRoutes = routes.filter(
    (route) => route.url.includes('second-factor') && objectShape(route.schema.body)?.code,
  );
  const BURST = 12;

  it('covers the sign-in step, confirming an authenticator and turning it off', () => {
    expect(codeRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/resident/login/second-factor',
        '/api/second-factor/totp/confirm',
        '/api/second-factor/turn-off',
      ]),
    );
  });

  for (const route of codeRoutes) {
    it(`${route.method} ${route.url}: a concurrent burst of ${BURST} from one client checks at most 5`, async () => {
      const world = await GuardWorld.create(t.app);
      const request = await buildRouteRequest(route, new CaseSeeds(world));
      expect(request.problems).toEqual([]);
      const headers = await allowedHeaders(world, route);
      const answers = await Promise.all(
        Array.from({ length: BURST }, () =>
          t.app.inject({
            method: route.method as 'POST',
            url: requestUrl(route, request.params, request.query),
            remoteAddress: '192.0.2.200',
            headers,
            payload: request.body as object,
          }),
        ),
      );
      const refused = answers.filter((answer) => answer.statusCode === 429);
      expect(BURST - refused.length).toBeLessThanOrEqual(5);
      expect(refused[0]?.json().message).toBe(SERVER_MESSAGES.tooManyCodeAttempts);
    });
  }
});

describe('page size', () => {
  const paged = routes.filter((route) => objectShape(route.schema.querystring)?.limit);

  it(
    'every route with a limit caps it at MAX_PAGE_SIZE',
    async () => {
      expect(paged.length).toBeGreaterThan(0);
      const answers: string[] = [];
      for (const route of paged) {
        const world = await GuardWorld.create(t.app);
        const request = await buildRouteRequest(route, new CaseSeeds(world));
        const headers = await allowedHeaders(world, route);
        const call = (limit: number) =>
          t.app.inject({
            method: route.method as 'GET',
            url: requestUrl(route, request.params, { ...request.query, limit }),
            headers,
          });
        const [atCap, overCap] = [await call(MAX_PAGE_SIZE), await call(MAX_PAGE_SIZE + 1)];
        const blamesLimit = Object.hasOwn(overCap.json().fieldErrors ?? {}, 'limit');
        answers.push(`${route.url}: ${atCap.statusCode} ${overCap.statusCode} ${blamesLimit}`);
      }
      expect(answers).toEqual(paged.map((route) => `${route.url}: 200 400 true`));
    },
    SLOW_TEST_MS,
  );
});

describe('guessing a secret at a reader', () => {
  /** A reader at a new property with every feature, and a right and a wrong guess for each guessable route. */
  async function readerWithSecrets() {
    const property = await seedProperty(t.app, { propertyFeatures: ['qr', 'securepin', 'rfid'] });
    const manager = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const resident = await seedUser(t.app, { role: 'resident', propertyId: property.id });
    const pin = await assignResidentPin(t.app.db, t.app.config.secret, {
      userId: resident.id,
      propertyId: property.id,
    });
    const card = '91:4242';
    const enrolled = await t.app.inject({
      method: 'POST',
      url: '/api/cards',
      payload: { userId: resident.id, number: card },
      headers: bearer(manager.token),
    });
    expect(enrolled.statusCode).toBe(201);
    const { relay, device } = await seedSimulatedGate(t.app, simulator, property.id);
    return { key: await giveDeviceKey(t.app, device.id), relayId: relay.id, pin, card };
  }
  type Reader = Awaited<ReturnType<typeof readerWithSecrets>>;
  // Each reader route that decides a low-entropy secret: its right guess, and its n-th wrong one.
  const guessable: Record<string, { right: (reader: Reader) => object; wrong: (reader: Reader, n: number) => object }> =
    {
      'POST /api/access/pin': {
        right: (reader) => ({ pin: reader.pin }),
        wrong: (reader, n) => ({ pin: String(100000 + n) === reader.pin ? '999999' : String(100000 + n) }),
      },
      'POST /api/access/card': { right: (reader) => ({ card: reader.card }), wrong: (_, n) => ({ card: `92:${n}` }) },
    };
  const notGuessable: Record<string, string> = {
    'POST /api/access/qr': 'a pass is a 256-bit token; its unknown codes are only throttled',
    'GET /api/access/reader': 'decides nothing',
    'POST /api/devices/heartbeat': 'decides nothing',
    'GET /api/intercom/directory': 'decides nothing; searches are limited per reader (intercom-directory)',
    'POST /api/intercom/calls': 'opens nothing; a directory entry is a random UUID and calls are limited per reader',
    'POST /api/intercom/calls/:callId/photo': 'decides nothing',
  };
  const readerRoutes = routes.filter((route) => route.permission.kind === 'device').map((r) => `${r.method} ${r.url}`);

  it('every reader route either has a guess lockout probed here or says why it needs none', () => {
    expect(readerRoutes.filter((route) => !guessable[route] && !notGuessable[route])).toEqual([]);
  });

  for (const route of Object.keys(guessable)) {
    it(`${route}: once wrong guesses are refused, the right one is refused too, and nothing opens`, async () => {
      const reader = await readerWithSecrets();
      const [method, url] = route.split(' ');
      const guess = (payload: object) =>
        t.app.inject({ method: method as 'POST', url, payload, headers: bearer(reader.key) });
      let wrong = 0;
      while ((await guess(guessable[route].wrong(reader, wrong))).statusCode !== 429 && wrong < 200) wrong++;
      const right = await guess(guessable[route].right(reader));
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({ message: expect.any(String), requestId: expect.any(String) });
      expect(simulator.pulses(reader.relayId)).toHaveLength(0);
    });
  }
});
