import { MAX_EXPORT_ROWS, MAX_UNPAGED_LIST } from '@core/constants';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp } from '../support/test-app';
import { seedManyOfEverything } from './bulk-seed';
import { GuardWorld, SLOW_TEST_MS } from './guard-world';
import { allowedHeaders } from './identities';
import { buildRouteRequest, requestUrl } from './route-request';
import { CaseSeeds } from './seeding-registry';
import { isOptional, objectShape } from './zod-introspect';

const t = await createTestApp();
afterAll(() => t.close());

/** The longest list anywhere in a JSON answer. */
function longestList(value: unknown): number {
  if (Array.isArray(value)) return Math.max(value.length, ...value.map(longestList));
  if (value && typeof value === 'object') return Math.max(0, ...Object.values(value).map(longestList));
  return 0;
}

describe('no route returns an unbounded result', () => {
  it(
    'answers every GET with at most MAX_UNPAGED_LIST items in any list, or MAX_EXPORT_ROWS rows in a download',
    async () => {
      const world = await GuardWorld.create(t.app);
      const seeds = new CaseSeeds(world);
      await seedManyOfEverything(world, (await seeds.get('visitor')).id, MAX_UNPAGED_LIST + 1, MAX_EXPORT_ROWS + 1);

      const lengths: string[] = [];
      const expected: string[] = [];
      for (const route of t.app.routeCatalog.filter((candidate) => candidate.method === 'GET')) {
        const request = await buildRouteRequest(route, seeds);
        const shape = objectShape(route.schema.querystring) ?? {};
        const query = Object.fromEntries(Object.entries(request.query).filter(([key]) => !isOptional(shape[key])));
        const callers = [await allowedHeaders(world, route)];
        if (route.permission.kind === 'user' && route.permission.roles.includes('resident'))
          callers.push(bearer(world.owner.token));
        for (const headers of callers) {
          const answer = await t.app.inject({ method: 'GET', url: requestUrl(route, request.params, query), headers });
          const isCsv = String(answer.headers['content-type']).startsWith('text/csv');
          // A download (CSV, or a person's own data as JSON) holds up to an export's rows.
          const isDownload = String(answer.headers['content-disposition'] ?? '').startsWith('attachment');
          const bound = isCsv || isDownload ? MAX_EXPORT_ROWS : MAX_UNPAGED_LIST;
          // A redirect (a wallet's save link, a sign-in's callback) or a binary file (a wallet pass) holds no list.
          const isJson = String(answer.headers['content-type']).startsWith('application/json');
          const rows = isCsv ? answer.body.trimEnd().split('\n').length - 1 : isJson ? longestList(answer.json()) : 0;
          lengths.push(
            `${route.url}: ${answer.statusCode < 500}, ${rows <= bound ? 'bounded' : `${rows} rows > ${bound}`}`,
          );
          expected.push(`${route.url}: true, bounded`);
        }
      }
      expect(lengths).toEqual(expected);
    },
    SLOW_TEST_MS,
  );
});
