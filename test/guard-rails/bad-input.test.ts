import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../../server/authorization/route-permissions';
import { FRAMEWORK_ERROR_MESSAGES, MAX_PATH_PART_LENGTH } from '../../server/platform/http/framework-errors';
import { createTestApp } from '../support/test-app';
import { GuardWorld, SLOW_TEST_MS } from './guard-world';
import { allowedHeaders, expectedFor, headersFor, IDENTITIES } from './identities';
import { randomMutation, sweepMutations } from './input-breakers';
import { applyMutation, describeMutation, type Mutation, type RequestInputs } from './input-mutation';
import { expectedRefusal, inputVerdict } from './input-verdict';
import { buildRouteRequest, paramNames, requestUrl } from './route-request';
import { CaseSeeds } from './seeding-registry';
import { databaseChecksum } from './table-checksum';

/** Random cases per route on top of the sweep; bounded so both databases finish on 2 cores. */
const RANDOM_RUNS_PER_ROUTE = 40;

// Device addresses meet the address policy as in production (no ALLOW_LOCAL_DEVICES).
const t = await createTestApp({ allowLocalDevices: false });
const routes = t.app.routeCatalog.filter(
  (route) => route.schema.body || route.schema.querystring || route.schema.params,
);
const routesWithBodies = t.app.routeCatalog.filter((route) =>
  ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
);
const tally = { sent: 0, acceptedAsValid: 0 };
const started = Date.now();
afterAll(async () => {
  console.log(
    `bad-input fuzz: ${routes.length} routes, ${tally.sent} broken requests sent ` +
      `(${tally.acceptedAsValid} generated inputs the schema accepts were not sent) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await t.close();
});

let clientNumber = 0;
/** Public routes are rate limited per client; each broken request comes from its own address. */
const nextClient = () => `10.${(++clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;

async function send(route: DeclaredRoute, headers: Record<string, string>, inputs: RequestInputs, mutation: Mutation) {
  const expected = expectedRefusal(route, inputs, mutation);
  if (!expected) {
    tally.acceptedAsValid++;
    return { skipped: true, failure: null };
  }
  if ('failure' in expected) return { skipped: false, failure: expected.failure ?? null };
  const payload = inputs.body === undefined ? undefined : JSON.stringify(inputs.body);
  const response = await t.app.inject({
    method: route.method as 'POST',
    url: requestUrl(route, inputs.params, inputs.query),
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    remoteAddress: nextClient(),
    ...(payload === undefined ? {} : { payload }),
  });
  tally.sent++;
  const problem = inputVerdict(response.statusCode, response.body, expected.names, expected.saysLimit);
  return { skipped: false, failure: problem && `${describeMutation(mutation)}: ${problem}` };
}

describe('bad input on every route with a schema', () => {
  it('finds routes to break', () => expect(routes.length).toBeGreaterThan(0));

  it('every route with path parameters declares their schema, so a malformed id never reaches the database', () => {
    const undeclared = t.app.routeCatalog.filter((route) => paramNames(route.url).length && !route.schema.params);
    expect(undeclared.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  for (const route of routes) {
    it(
      `${route.method} ${route.url}`,
      async () => {
        const world = await GuardWorld.create(t.app);
        const request = await buildRouteRequest(route, new CaseSeeds(world));
        expect(request.problems, 'the seeding registry could not build a valid request').toEqual([]);
        const headers = await allowedHeaders(world, route);
        const base: RequestInputs = { params: request.params, query: request.query, body: request.body };
        const before = await databaseChecksum(t.app.db);

        const failures: string[] = [];
        for (const mutation of sweepMutations(route, base)) {
          const { failure } = await send(route, headers, applyMutation(base, mutation), mutation);
          if (failure) failures.push(failure);
        }
        const arbitrary = randomMutation(route, base);
        if (arbitrary) {
          await fc.assert(
            fc.asyncProperty(arbitrary, async (mutation) => {
              const { skipped, failure } = await send(route, headers, applyMutation(base, mutation), mutation);
              fc.pre(!skipped);
              if (failure) throw new Error(failure);
            }),
            { numRuns: RANDOM_RUNS_PER_ROUTE, endOnFailure: true },
          );
        }
        expect(failures).toEqual([]);
        expect(await databaseChecksum(t.app.db), 'a refused request changed the database').toEqual(before);
      },
      SLOW_TEST_MS,
    );
  }
});

describe('bodies nested deeper than any request', () => {
  /** The body: 300,000 lists inside one another, once a stack overflow and a stalled event loop. */
  const deepBody = `{"value":${'['.repeat(300_000)}${']'.repeat(300_000)}}`;

  for (const route of routesWithBodies) {
    it(`${route.method} ${route.url}: 400 in words for a caller let in; an anonymous body is never parsed`, async () => {
      const world = await GuardWorld.create(t.app);
      const request = await buildRouteRequest(route, new CaseSeeds(world));
      const url = requestUrl(route, request.params, request.query);
      const post = (headers: Record<string, string>, payload: string) =>
        t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          remoteAddress: nextClient(),
          payload,
        });
      const answer = await post(await allowedHeaders(world, route), deepBody);
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(400);
      expect(answer.json().message).toMatch(/^The request body is nested too deeply/);
      if (route.permission.kind === 'public') return;
      for (const payload of [deepBody, '{"broken": ']) {
        const anonymous = await post({}, payload);
        expect(anonymous.statusCode, anonymous.body.slice(0, 200)).toBe(401);
      }
    });
  }
});

describe('path parts the router refuses before any route runs', () => {
  const routesWithParams = t.app.routeCatalog.filter((route) => paramNames(route.url).length);
  const refusals = [
    {
      part: 'x'.repeat(MAX_PATH_PART_LENGTH + 1),
      status: 414,
      message: FRAMEWORK_ERROR_MESSAGES.pathPartTooLong(MAX_PATH_PART_LENGTH),
    },
    { part: '%E0%A4%A', status: 400, message: FRAMEWORK_ERROR_MESSAGES.brokenPathEscape },
  ];

  for (const route of routesWithParams) {
    it(`${route.method} ${route.url}: an overlong or broken part answers in words, without echoing the path`, async () => {
      for (const { part, status, message } of refusals) {
        const url = route.url.replace(/:(\w+)/g, part);
        const answer = await t.app.inject({ method: route.method as 'GET', url, remoteAddress: nextClient() });
        expect(answer.statusCode, answer.body.slice(0, 200)).toBe(status);
        expect(answer.json()).toEqual({ message, requestId: expect.any(String) });
      }
    });
  }
});

describe('unknown ids on every route with a path parameter', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const routesWithParams = t.app.routeCatalog.filter((route) => paramNames(route.url).length);

  for (const route of routesWithParams) {
    it(`${route.method} ${route.url}: an unknown, well-formed id answers 4xx and changes nothing`, async () => {
      const world = await GuardWorld.create(t.app);
      const request = await buildRouteRequest(route, new CaseSeeds(world));
      expect(request.problems, 'the seeding registry could not build a valid request').toEqual([]);
      const ids = Object.keys(request.params).filter((name) => UUID.test(String(request.params[name])));
      // Every caller the route lets in: a superadmin's scope covers any property, so only the
      // route itself can notice that the id names nothing.
      const callers = IDENTITIES.filter((identity) => expectedFor(route.permission, identity, true).allowed);
      const callerHeaders = [];
      for (const identity of callers)
        callerHeaders.push({ identity, headers: await headersFor(world, route, identity) });
      const before = await databaseChecksum(t.app.db);
      const answers: string[] = [];
      for (const { identity, headers } of callerHeaders) {
        const payload = request.body === undefined ? undefined : JSON.stringify(request.body);
        for (const name of ids) {
          const answer = await t.app.inject({
            method: route.method as 'POST',
            url: requestUrl(route, { ...request.params, [name]: crypto.randomUUID() }, request.query),
            headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
            remoteAddress: nextClient(),
            ...(payload === undefined ? {} : { payload }),
          });
          if (answer.statusCode < 400 || answer.statusCode >= 500)
            answers.push(`${identity}, unknown ${name}: ${answer.statusCode} ${answer.body.slice(0, 120)}`);
        }
      }
      expect(answers, 'answers other than 4xx').toEqual([]);
      expect(await databaseChecksum(t.app.db), 'a request for an unknown id changed the database').toEqual(before);
    });
  }
});
