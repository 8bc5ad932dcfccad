import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../../server/authorization/route-permissions';
import { createTestApp } from '../support/test-app';
import { GuardWorld, SLOW_TEST_MS } from './guard-world';
import { expectedFor, headersFor, IDENTITIES, type Identity } from './identities';
import { buildRouteRequest, requestUrl } from './route-request';
import { leakOf, verdict } from './route-verdict';
import { CaseSeeds } from './seeding-registry';
import { propertyChecksum } from './table-checksum';

// Generated from the app's own route table: a route added anywhere is in this matrix at once.
const t = await createTestApp();
const routes = t.app.routeCatalog;
let cases = 0;
const started = Date.now();
afterAll(async () => {
  console.log(
    `authorization matrix: ${routes.length} routes x ${IDENTITIES.length} identities = ${cases} cases ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await t.close();
});

const OUTSIDERS: Identity[] = ['admin of another property', 'resident of another property'];

// Each route's calls come from their own address: the matrix sends wrong keys and tokens on purpose,
// and from one address they would reach the per-source limits (tested on their own) mid-matrix.
let routesCalled = 0;
const sourceOf = new Map<DeclaredRoute, string>();
const addressFor = (route: DeclaredRoute) => {
  if (!sourceOf.has(route)) {
    routesCalled++;
    sourceOf.set(route, `10.${Math.floor(routesCalled / 250)}.${routesCalled % 250}.1`);
  }
  return sourceOf.get(route) as string;
};

async function call(route: DeclaredRoute, identity: Identity) {
  const world = await GuardWorld.create(t.app);
  // Records of A the request does not name, so a list that ignores tenancy has something to leak.
  const bystanders = new CaseSeeds(world);
  await Promise.all([bystanders.get('qrCode'), bystanders.get('device')]);
  const seeds = new CaseSeeds(world);
  const request = await buildRouteRequest(route, seeds);
  const headers = await headersFor(world, route, identity);
  const expected = expectedFor(route.permission, identity, await seeds.touchesOwnedRecord());
  // Public routes authorise by what the request carries (a link token), not by who sends it.
  const outsider = route.permission.kind === 'user' && OUTSIDERS.includes(identity);
  const propertyABefore = outsider ? await propertyChecksum(t.app.db, world.propertyA) : null;
  const response = await t.app.inject({
    method: route.method as 'GET',
    url: requestUrl(route, request.params, request.query),
    remoteAddress: addressFor(route),
    headers,
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
  cases++;
  let problem = verdict(route, expected, response.statusCode);
  if (!problem && outsider) {
    const idsOfA = [...(await seeds.idsOfPropertyA()), ...(await bystanders.idsOfPropertyA())];
    const changedA = !isDeepStrictEqual(propertyABefore, await propertyChecksum(t.app.db, world.propertyA));
    problem =
      leakOf(response.statusCode, response.body, idsOfA) ??
      (changedA ? `answered ${response.statusCode} and changed records of property A` : null);
  }
  return {
    problems: request.problems,
    mismatch: problem && `${identity}: ${problem} (${response.body.slice(0, 200)})`,
  };
}

describe('authorization matrix', () => {
  it('lists every API route the app serves', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const served = Object.entries(docs.paths as Record<string, object>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const declared = new Set(routes.map((route) => `${route.method} ${route.url}`));
    const api = served.filter((route) => route.includes(' /api/'));
    expect(api.length).toBeGreaterThan(0);
    expect(api.filter((route) => !declared.has(route))).toEqual([]);
  });

  for (const route of routes) {
    it(
      `${route.method} ${route.url}`,
      async () => {
        const mismatches: string[] = [];
        for (const identity of IDENTITIES) {
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
