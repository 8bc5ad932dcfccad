import { isDeepStrictEqual } from 'node:util';
import { API_KEY_MESSAGES, API_KEY_SCOPES, type ApiKeyScope } from '@core/api/api-keys';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../../server/authorization/route-permissions';
import { createTestApp } from '../support/test-app';
import { GuardWorld, SLOW_TEST_MS } from './guard-world';
import { buildRouteRequest, requestUrl } from './route-request';
import { leakOf } from './route-verdict';
import { CaseSeeds } from './seeding-registry';
import { propertyChecksum } from './table-checksum';

/*
 * The API key matrix, generated from the app's own route table like the authorization matrix:
 * every user route, called with keys of every kind. A route that names a scope lets in a key of
 * its property with that scope and nothing else; every other route refuses every key.
 */
const t = await createTestApp();
const userRoutes = t.app.routeCatalog.filter((route) => route.permission.kind === 'user');
afterAll(() => t.close());

const KEYS = [
  'key of A with every scope',
  'key of A without the route`s scope',
  'key of another property with every scope',
  'revoked key of A',
] as const;
type KeyIdentity = (typeof KEYS)[number];

const scopeOf = (route: DeclaredRoute) => (route.permission.kind === 'user' ? route.permission.apiKeyScope : undefined);

type Expected = { status: 'allowed' } | { status: 401 | 403 | 404; message?: string };

function expectedFor(route: DeclaredRoute, identity: KeyIdentity): Expected {
  const scope = scopeOf(route);
  if (!scope) return { status: 403, message: API_KEY_MESSAGES.keyNotAllowed };
  if (identity === 'revoked key of A') return { status: 401, message: API_KEY_MESSAGES.keyInvalid };
  if (identity === 'key of A without the route`s scope')
    return { status: 403, message: API_KEY_MESSAGES.keyMissingScope(scope) };
  if (identity === 'key of another property with every scope')
    return route.permission.kind === 'user' && route.permission.scope ? { status: 404 } : { status: 'allowed' };
  return { status: 'allowed' };
}

function scopesFor(route: DeclaredRoute, identity: KeyIdentity): ApiKeyScope[] {
  if (identity !== 'key of A without the route`s scope') return [...API_KEY_SCOPES];
  return API_KEY_SCOPES.filter((scope) => scope !== scopeOf(route));
}

let routesCalled = 0;
async function call(route: DeclaredRoute, identity: KeyIdentity) {
  const world = await GuardWorld.create(t.app);
  const bystanders = new CaseSeeds(world);
  await Promise.all([bystanders.get('qrCode'), bystanders.get('device')]);
  const seeds = new CaseSeeds(world);
  const request = await buildRouteRequest(route, seeds);
  const property = identity === 'key of another property with every scope' ? 'B' : 'A';
  const { key } = await world.apiKey(scopesFor(route, identity), property, identity === 'revoked key of A');
  const before = await propertyChecksum(t.app.db, world.propertyA);
  const response = await t.app.inject({
    method: route.method as 'GET',
    url: requestUrl(route, request.params, request.query),
    remoteAddress: `10.200.${Math.floor(++routesCalled / 250)}.${routesCalled % 250}`,
    headers: { authorization: `Bearer ${key}` },
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
  const expected = expectedFor(route, identity);
  const status = response.statusCode;
  const message = status < 500 && status >= 400 ? response.json().message : undefined;
  let problem: string | null = null;
  if (status >= 500 && status !== 502) problem = `answered ${status}`;
  else if (expected.status === 'allowed') {
    if (status === 401 || status === 403) problem = `expected to be let in, got ${status}`;
  } else if (status !== expected.status) problem = `expected ${expected.status}, got ${status}`;
  else if (expected.message && message !== expected.message) problem = `refused with '${message}'`;
  if (!problem && property === 'B') {
    const idsOfA = [...(await seeds.idsOfPropertyA()), ...(await bystanders.idsOfPropertyA())];
    const changedA = !isDeepStrictEqual(before, await propertyChecksum(t.app.db, world.propertyA));
    problem =
      leakOf(status, response.body, idsOfA) ??
      (changedA ? `answered ${status} and changed records of property A` : null);
  }
  return {
    problems: request.problems,
    mismatch: problem && `${identity}: ${problem} (${response.body.slice(0, 200)})`,
  };
}

describe('API key matrix', () => {
  it('covers every scope with at least one route', () => {
    const named = new Set(userRoutes.map(scopeOf).filter(Boolean));
    expect([...named].sort()).toEqual([...API_KEY_SCOPES].sort());
  });

  for (const route of userRoutes) {
    it(
      `${route.method} ${route.url} (${scopeOf(route) ?? 'no key'})`,
      async () => {
        const mismatches: string[] = [];
        for (const identity of KEYS) {
          const { problems, mismatch } = await call(route, identity);
          expect(problems, 'the seeding registry could not build this request').toEqual([]);
          if (mismatch) mismatches.push(mismatch);
        }
        expect(mismatches).toEqual([]);
      },
      SLOW_TEST_MS,
    );
  }
});
