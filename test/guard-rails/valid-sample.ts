import crypto from 'node:crypto';
import type { ZodType } from 'zod';
import { guardEmail } from './guard-world';
import { GENERIC_STRINGS, hintsFor } from './sample-hints';
import { checkValue, defOf, isOptional, stringBounds } from './zod-introspect';

export interface SampleSource {
  now: Date;
  /** The id of a record seeded in property A when the field names one. */
  seeded(field: string): Promise<string | undefined>;
  /** Called for an id field the seeding registry does not know. */
  unseeded(field: string): void;
}

const passes = (schema: ZodType, value: unknown) => schema.safeParse(value).success;

/** Whether the schema is a list, possibly optional or with a default. */
function isListSchema(schema: ZodType): boolean {
  const def = defOf(schema);
  if (def.innerType) return isListSchema(def.innerType);
  if (def.type === 'pipe') return Boolean(def.in && isListSchema(def.in));
  return def.type === 'array';
}

/** Whether the schema accepts only ids (a uuid string, possibly behind pipes and wrappers). */
export function isIdSchema(schema: ZodType): boolean {
  const def = defOf(schema);
  if (def.innerType) return isIdSchema(def.innerType);
  if (def.type === 'pipe') return [def.in, def.out].some((side) => side && isIdSchema(side));
  if (def.type === 'union') return (def.options ?? []).some(isIdSchema);
  return def.type === 'string' && (def.format === 'uuid' || def.format === 'guid');
}

function stringCandidates(schema: ZodType, field: string | undefined, source: SampleSource): unknown[] {
  const def = defOf(schema);
  const { min, max } = stringBounds(def);
  const byFormat: Record<string, () => string> = {
    uuid: () => crypto.randomUUID(),
    guid: () => crypto.randomUUID(),
    email: guardEmail,
    date: () => source.now.toISOString().slice(0, 10),
    datetime: () => source.now.toISOString(),
    time: () => '12:00:00',
  };
  const formatted = def.format && byFormat[def.format] ? [byFormat[def.format]()] : [];
  const emailish = field?.toLowerCase().includes('email') ? [guardEmail()] : [];
  const filler = 'x'.repeat(Math.max(min, 1));
  return [
    ...hintsFor(field, source.now),
    ...formatted,
    ...emailish,
    ...GENERIC_STRINGS,
    filler.slice(0, max ?? filler.length),
  ];
}

/** A value the schema accepts, built from its structure, the field-name hints and seeded ids. */
export async function validSample(schema: ZodType, field: string | undefined, source: SampleSource): Promise<unknown> {
  const def = defOf(schema);
  // A list of ids (gateIds) is a list of the seeded record: its items are sampled by the field's name.
  if (field && !isListSchema(schema)) {
    const id = await source.seeded(field);
    if (id !== undefined) return id;
    if (isIdSchema(schema)) source.unseeded(field);
  }
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return validSample(def.innerType as ZodType, field, source);
    case 'pipe':
      return validSample(def.in as ZodType, field, source);
    case 'lazy':
      return validSample((def.getter as () => ZodType)(), field, source);
    case 'object':
      return objectSample(def.shape ?? {}, source);
    case 'array': {
      const count = Math.max(checkValue(def, 'min_length', 'minimum') ?? 0, 1);
      const items: unknown[] = [];
      for (let i = 0; i < count; i++) items.push(await validSample(def.element as ZodType, field, source));
      return items;
    }
    case 'union':
      return unionSample(def.options ?? [], field, source);
    case 'intersection':
      return {
        ...((await validSample(def.left as ZodType, field, source)) as object),
        ...((await validSample(def.right as ZodType, field, source)) as object),
      };
    case 'string': {
      const candidates = stringCandidates(schema, field, source);
      return candidates.find((candidate) => passes(schema, candidate)) ?? candidates[0];
    }
    case 'number':
    case 'int': {
      const candidates = [...hintsFor(field, source.now), 1, checkValue(def, 'greater_than', 'value'), 0, 10];
      return candidates.find((candidate) => passes(schema, candidate)) ?? 1;
    }
    case 'boolean':
      return hintsFor(field, source.now).find((hint) => typeof hint === 'boolean') ?? false;
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return hintsFor(field, source.now).find((hint) => values.includes(hint as string)) ?? values[0];
    }
    case 'literal':
      return def.values?.[0];
    case 'date':
      return source.now;
    case 'null':
      return null;
    case 'record':
      return {};
    default:
      return 'sample';
  }
}

async function objectSample(shape: Record<string, ZodType>, source: SampleSource) {
  const value: Record<string, unknown> = {};
  for (const [key, fieldSchema] of Object.entries(shape)) {
    const wanted =
      !isOptional(fieldSchema) || hintsFor(key, source.now).length > 0 || (await source.seeded(key)) !== undefined;
    if (wanted) value[key] = await validSample(fieldSchema, key, source);
  }
  return value;
}

async function unionSample(options: ZodType[], field: string | undefined, source: SampleSource) {
  let first: unknown;
  for (const option of options) {
    const candidate = await validSample(option, field, source);
    if (passes(option, candidate)) return candidate;
    first ??= candidate;
  }
  return first;
}
