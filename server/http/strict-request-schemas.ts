import type { RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

type ZodWithDef = ZodType & {
  _zod: { def: { type: string; in?: ZodType; catchall?: unknown } };
  strict?: () => ZodType;
  clone: (def: object) => ZodType;
};

/** The same schema, refusing unknown top-level keys (refinements and transforms kept). */
function strictVersion(schema: unknown): unknown {
  const zod = schema as ZodWithDef;
  const def = zod?._zod?.def;
  if (!def) return schema;
  if (def.type === 'object' && def.catchall === undefined && zod.strict) return zod.strict();
  if (def.type === 'pipe' && def.in) return zod.clone({ ...def, in: strictVersion(def.in) });
  return schema;
}

/**
 * Makes a route's body, query and params objects strict, so an unexpected field answers 400
 * naming it instead of being silently dropped, whatever each schema in core/ chose.
 */
export function makeRequestSchemasStrict(route: RouteOptions) {
  const schema = route.schema as Record<string, unknown> | undefined;
  if (!schema) return;
  for (const part of ['body', 'querystring', 'query', 'params']) {
    if (schema[part]) schema[part] = strictVersion(schema[part]);
  }
}
