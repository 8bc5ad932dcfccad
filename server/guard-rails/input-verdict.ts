import type { ZodType } from 'zod';
import { ACCESS_REFUSALS, type DeclaredRoute } from '../http/access';
import { HUGE_NUMBER, LONG_ARRAY_LENGTH, ONE_MEGABYTE_STRING } from './breaking-values';
import { describeMutation, type Mutation, type RequestInputs } from './input-mutation';

const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'];
const PART_VALUE = { params: 'params', querystring: 'query', body: 'body' } as const;

const isOversized = (value: unknown) =>
  value === ONE_MEGABYTE_STRING || value === HUGE_NUMBER || (Array.isArray(value) && value.length >= LONG_ARRAY_LENGTH);

/**
 * What the server must say about a broken request: the field names its message must contain,
 * null when the schema accepts the input after all (nothing to check), or a failure when an
 * oversized value is accepted.
 */
export function expectedRefusal(route: DeclaredRoute, inputs: RequestInputs, mutation: Mutation) {
  if (mutation.kind === 'extra' && FORBIDDEN_KEYS.includes(mutation.key)) return { names: [mutation.key] };
  const schema = route.schema[mutation.part] as ZodType;
  const parsed = schema.safeParse(inputs[PART_VALUE[mutation.part]]);
  if (parsed.success) {
    if ('value' in mutation && isOversized(mutation.value)) {
      return { failure: `${describeMutation(mutation)} is accepted: bound the field with .max() in its schema` };
    }
    return null;
  }
  const names = parsed.error.issues.flatMap((issue) => {
    const named = [...issue.path].reverse().find((key) => typeof key === 'string');
    if (typeof named === 'string') return [named];
    if ('keys' in issue && Array.isArray(issue.keys) && issue.keys.length) return issue.keys as string[];
    return [mutation.part];
  });
  return { names };
}

const isAccessRefusal = (status: number, message: string) =>
  (ACCESS_REFUSALS as Record<number, readonly string[]>)[status]?.includes(message) ?? false;

/** Why the answer to a broken request is wrong, or null. */
export function inputVerdict(status: number, body: string, names: string[]): string | null {
  if (status >= 500) return `answered ${status}`;
  let message: unknown;
  try {
    message = JSON.parse(body).message;
  } catch {
    return `answered ${status} without a JSON {message}`;
  }
  if (typeof message !== 'string') return `answered ${status} without a {message}`;
  if (status !== 400) return isAccessRefusal(status, message) ? null : `expected 400, got ${status} (${message})`;
  return names.some((name) => message.includes(name)) ? null : `message "${message}" names none of ${names.join(', ')}`;
}
