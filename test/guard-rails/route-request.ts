import type { ZodType } from 'zod';
import type { DeclaredRoute } from '../../server/authorization/route-permissions';
import { type CaseSeeds, recordKindFor, registryKeysFor } from './seeding-registry';
import { validSample } from './valid-sample';
import { isZod } from './zod-introspect';

export type RequestPart = 'params' | 'querystring' | 'body';

/** One call of a route with inputs its schemas accept and ids of records seeded in property A. */
export interface RouteRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  /** Why this request may not be valid: registry gaps and samples the schema refuses. */
  problems: string[];
}

export const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]);

/** The path and query string of a request. */
export function requestUrl(route: DeclaredRoute, params: Record<string, unknown>, query: Record<string, unknown>) {
  const path = route.url.replace(/:(\w+)/g, (_all, name: string) => encodeURIComponent(String(params[name] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const asStrings = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => [key, item instanceof Date ? item.toISOString() : String(item)]),
  );

export async function buildRouteRequest(route: DeclaredRoute, seeds: CaseSeeds): Promise<RouteRequest> {
  const problems: string[] = [];
  const source = (part: RequestPart) => ({
    now: seeds.world.app.config.now(),
    seeded: async (field: string) => {
      const kind = recordKindFor(route, field);
      return kind ? (await seeds.get(kind)).id : undefined;
    },
    unseeded: (field: string) =>
      problems.push(
        `${part} field "${field}" names a record the seeding registry cannot create: add ${registryKeysFor(route, field)} ` +
          'to FIELD_RECORDS (and a seeder if it is a new kind of record) in test/guard-rails/seeding-registry.ts',
      ),
  });

  const sample = async (part: RequestPart, schema: unknown) => {
    if (!isZod(schema)) return undefined;
    const raw = await validSample(schema, undefined, source(part));
    const value = part === 'body' ? raw : asStrings(raw);
    const parsed = (schema as ZodType).safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push(
          `could not build a valid ${part}: ${[part, ...issue.path].join('.')}: ${issue.message}; ` +
            'add a sample for that field in test/guard-rails/sample-hints.ts',
        );
      }
    }
    return value;
  };

  const params = ((await sample('params', route.schema.params)) ?? {}) as Record<string, string>;
  for (const name of paramNames(route.url)) {
    if (params[name] !== undefined) continue;
    const kind = recordKindFor(route, name);
    params[name] = kind ? (await seeds.get(kind)).id : 'sample';
  }
  const query = ((await sample('querystring', route.schema.querystring)) ?? {}) as Record<string, string>;
  const body = await sample('body', route.schema.body);
  return { params, query, body, problems };
}
