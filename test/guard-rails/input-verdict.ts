import type { ZodType } from 'zod';
import { type DeclaredRoute, PERMISSION_REFUSALS } from '../../server/authorization/route-permissions';
import {
  DEEPLY_NESTED,
  HIDDEN_TEXTS,
  HUGE_NUMBER,
  LONG_ARRAY_LENGTH,
  NAME_FIELDS,
  ONE_MEGABYTE_STRING,
  REFUSED_DEVICE_ADDRESSES,
} from './breaking-values';
import { describeMutation, type Mutation, type RequestInputs } from './input-mutation';

const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'];
const PART_VALUE = { params: 'params', querystring: 'query', body: 'body' } as const;

const isOversized = (value: unknown) =>
  value === ONE_MEGABYTE_STRING || value === HUGE_NUMBER || (Array.isArray(value) && value.length >= LONG_ARRAY_LENGTH);

const holdsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : value !== null &&
      typeof value === 'object' &&
      Object.entries(value).some(([key, item]) => holdsNul(key) || holdsNul(item));

/** The field a mutation touches, as the server names it. */
const fieldOf = (mutation: Mutation): string => {
  const path = mutation.kind === 'extra' ? [...mutation.path, mutation.key] : 'path' in mutation ? mutation.path : [];
  const named = [...path].reverse().find((key) => typeof key === 'string');
  return typeof named === 'string' ? named : mutation.part;
};

/**
 * Refusals the server adds before the schemas: bodies nested too deeply (by the JSON parser,
 * naming the body) and NUL characters anywhere (naming the field).
 */
function refusalBeforeSchema(mutation: Mutation): string[] | null {
  if (!('value' in mutation)) return null;
  if (mutation.value === DEEPLY_NESTED) return ['body'];
  if (holdsNul(mutation.value) || (mutation.kind === 'extra' && holdsNul(mutation.key))) return [fieldOf(mutation)];
  return null;
}

/**
 * Refusals every route owes whatever its schema says: a name of a request (not a bulk row,
 * which fails alone) holding hidden characters, and a device address the address policy refuses.
 */
function refusalBeyondSchema(mutation: Mutation): string[] | null {
  if (mutation.kind !== 'set' || mutation.path.length !== 1) return null;
  const [field] = mutation.path;
  if (NAME_FIELDS.includes(field as string) && HIDDEN_TEXTS.includes(mutation.value as string))
    return [field as string];
  if (field === 'deviceIpAddress' && REFUSED_DEVICE_ADDRESSES.includes(mutation.value as string)) return [field];
  return null;
}

/**
 * What the server must say about a broken request: the field names its message must contain,
 * null when the schema accepts the input after all (nothing to check), or a failure when an
 * oversized value is accepted.
 */
export function expectedRefusal(route: DeclaredRoute, inputs: RequestInputs, mutation: Mutation) {
  if (mutation.kind === 'extra' && FORBIDDEN_KEYS.includes(mutation.key)) return { names: [mutation.key] };
  const early = refusalBeforeSchema(mutation);
  if (early) return { names: early };
  const schema = route.schema[mutation.part] as ZodType;
  // Judge what the server receives: a body travels as JSON, where -Infinity or NaN become null.
  const value = inputs[PART_VALUE[mutation.part]];
  const received = mutation.part === 'body' && value !== undefined ? JSON.parse(JSON.stringify(value)) : value;
  const parsed = schema.safeParse(received);
  const beyond = parsed.success ? refusalBeyondSchema(mutation) : null;
  if (beyond) return { names: beyond };
  if (parsed.success) {
    if ('value' in mutation && isOversized(mutation.value)) {
      return { failure: `${describeMutation(mutation)} is accepted: bound the field with .max() in its schema` };
    }
    return null;
  }
  // A text over its field's limit is answered with the limit, not "is required";
  // a text where a list belongs is answered that it must be a list.
  const atField = (issue: { path: PropertyKey[] }) =>
    'path' in mutation && issue.path.join('.') === mutation.path.join('.');
  const overLimit =
    'value' in mutation &&
    mutation.value === ONE_MEGABYTE_STRING &&
    !parsed.error.issues.some((issue) => issue.code === 'invalid_type' && atField(issue)) &&
    parsed.error.issues.some((issue) => issue.code === 'too_big' && issue.origin === 'string' && atField(issue));
  const names = parsed.error.issues.flatMap((issue) => {
    const named = [...issue.path].reverse().find((key) => typeof key === 'string');
    if (typeof named === 'string') return [named];
    if ('keys' in issue && Array.isArray(issue.keys) && issue.keys.length) return issue.keys as string[];
    return [mutation.part];
  });
  return { names, saysLimit: overLimit };
}

const isPermissionRefusal = (status: number, message: string) =>
  (PERMISSION_REFUSALS as Record<number, readonly string[]>)[status]?.includes(message) ?? false;

/** The field paths a 400 answer blames: the keys of `fieldErrors`, each split into its parts. */
const blamedFields = (fieldErrors: unknown) =>
  fieldErrors && typeof fieldErrors === 'object' ? Object.keys(fieldErrors).flatMap((path) => path.split('.')) : [];

const SAYS_LIMIT = /at most [\d,]+ characters/;

/**
 * Why the answer to a broken request is wrong, or null. The message is a sentence for people;
 * the field must be named in `fieldErrors` (or, for answers without it, in the message); a value
 * over its limit must be told the limit.
 */
export function inputVerdict(status: number, body: string, names: string[], saysLimit = false): string | null {
  if (status >= 500) return `answered ${status}`;
  let answer: { message?: unknown; fieldErrors?: unknown };
  try {
    answer = JSON.parse(body);
  } catch {
    return `answered ${status} without a JSON {message}`;
  }
  const { message } = answer;
  if (typeof message !== 'string') return `answered ${status} without a {message}`;
  if (status !== 400) return isPermissionRefusal(status, message) ? null : `expected 400, got ${status} (${message})`;
  const blamed = blamedFields(answer.fieldErrors);
  if (saysLimit && !SAYS_LIMIT.test(message))
    return `a value over its limit got "${message}", which does not say the limit`;
  return names.some((name) => blamed.includes(name) || message.includes(name))
    ? null
    : `message "${message}" with fieldErrors ${JSON.stringify(answer.fieldErrors ?? null)} names none of ${names.join(', ')}`;
}
