import type { ZodType } from 'zod';

/** The parts of zod 4's internal definition the guard rails read. */
export interface ZodDef {
  type: string;
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  innerType?: ZodType;
  in?: ZodType;
  out?: ZodType;
  element?: ZodType;
  options?: ZodType[];
  left?: ZodType;
  right?: ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  coerce?: boolean;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number; format?: string } } }[];
  getter?: () => ZodType;
}

export const defOf = (schema: unknown): ZodDef => (schema as { _zod: { def: ZodDef } })._zod.def;

export const isZod = (schema: unknown): schema is ZodType =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The schema under optional/nullable/default wrappers and on the input side of pipes. */
export function unwrap(schema: ZodType): ZodType {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  if (def.type === 'lazy' && def.getter) return unwrap(def.getter());
  return schema;
}

/** Whether a field may be left out of its object. */
export function isOptional(schema: ZodType): boolean {
  return (schema as { _zod: { optin?: string } })._zod.optin === 'optional';
}

/** Top-level fields of an object schema (through wrappers and pipes), or null. */
export function objectShape(schema: unknown): Record<string, ZodType> | null {
  if (!isZod(schema)) return null;
  const def = defOf(unwrap(schema));
  return def.type === 'object' && def.shape ? def.shape : null;
}

export function checkValue(def: ZodDef, check: string, key: 'minimum' | 'maximum' | 'value'): number | undefined {
  const found = def.checks?.find((c) => c._zod.def.check === check);
  return found?._zod.def[key];
}

export function stringBounds(def: ZodDef) {
  return { min: checkValue(def, 'min_length', 'minimum') ?? 0, max: checkValue(def, 'max_length', 'maximum') };
}

/** The alternatives of a union (including `a.or(b)`), else the schema itself. */
export function alternatives(schema: ZodType): ZodType[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  return def.type === 'union' && def.options ? def.options.flatMap(alternatives) : [inner];
}
