import type { RequestPart } from './route-request';

export type Path = (string | number)[];

/** One way to break a valid request. */
export type Mutation =
  | { kind: 'set'; part: RequestPart; path: Path; value: unknown }
  | { kind: 'delete'; part: RequestPart; path: Path }
  | { kind: 'extra'; part: RequestPart; path: Path; key: string; value: unknown }
  | { kind: 'replace'; part: 'body'; value: unknown };

export interface RequestInputs {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

const PART_KEY = { params: 'params', querystring: 'query', body: 'body' } as const;

/** Every path into objects and arrays of a value (objects' keys, arrays' first item). */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.length ? [[...prefix, 0], ...pathsOf(value[0], [...prefix, 0])] : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
}

/** Objects inside a value (where an extra key can go), the root first. */
export const objectPathsOf = (value: unknown): Path[] =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? [[], ...pathsOf(value).filter((path) => isPlainObject(at(value, path)))]
    : [];

const isPlainObject = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);

function at(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], value);
}

/** Sets an own property, even `__proto__`, without touching any prototype. */
function defineOwn(target: object, key: string | number, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function applyMutation(inputs: RequestInputs, mutation: Mutation): RequestInputs {
  const copy = structuredClone(inputs);
  const key = PART_KEY[mutation.part];
  if (mutation.kind === 'replace') return { ...copy, body: mutation.value };
  if (mutation.kind === 'extra') {
    const target = mutation.path.length ? at(copy[key], mutation.path) : copy[key];
    defineOwn(target as object, mutation.key, mutation.value);
    return copy;
  }
  const parent = at(copy[key], mutation.path.slice(0, -1)) as Record<string | number, unknown>;
  const last = mutation.path[mutation.path.length - 1];
  if (mutation.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else defineOwn(parent, last, mutation.value);
  return copy;
}

const show = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 40)}... (${text.length} chars)` : text;
};

export function describeMutation(mutation: Mutation): string {
  const where = (path: Path) => [mutation.part, ...path].join('.');
  if (mutation.kind === 'replace') return `body replaced by ${show(mutation.value)}`;
  if (mutation.kind === 'delete') return `${where(mutation.path)} removed`;
  if (mutation.kind === 'extra')
    return `extra key ${where([...mutation.path, mutation.key])} = ${show(mutation.value)}`;
  return `${where(mutation.path)} = ${show(mutation.value)}`;
}
