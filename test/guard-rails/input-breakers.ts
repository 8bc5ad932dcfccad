import fc from 'fast-check';
import type { DeclaredRoute } from '../../server/authorization/route-permissions';
import {
  bodyValue,
  DEEPLY_NESTED,
  extraKey,
  HIDDEN_TEXTS,
  HUGE_NUMBER,
  LONG_ARRAY_LENGTH,
  NUL_TEXT,
  ONE_MEGABYTE_STRING,
  REFUSED_DEVICE_ADDRESSES,
  textValue,
  wrongBody,
} from './breaking-values';
import { type Mutation, objectPathsOf, type Path, pathsOf, type RequestInputs } from './input-mutation';
import { objectShape } from './zod-introspect';

/** Text that survives a URL: well-formed, and not a path segment of its own. */
const urlSafe = textValue.filter((text) => encodable(text) && !['', '.', '..'].includes(text));

function encodable(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

const topLevelPaths = (schema: unknown, value: unknown): Path[] => {
  const present = pathsOf(value);
  const declared = Object.keys(objectShape(schema) ?? {}).map((key) => [key]);
  const known = new Set(present.map((path) => JSON.stringify(path)));
  return [...present, ...declared.filter((path) => !known.has(JSON.stringify(path)))];
};

/** The same breakers for every field, so each field meets a huge string, a huge number, a null, a gap. */
export function sweepMutations(route: DeclaredRoute, base: RequestInputs): Mutation[] {
  const mutations: Mutation[] = [];
  if (route.schema.body) {
    for (const path of topLevelPaths(route.schema.body, base.body)) {
      for (const value of [
        ONE_MEGABYTE_STRING,
        HUGE_NUMBER,
        -1,
        null,
        '<script>alert(1)</script>',
        NUL_TEXT,
        ...HIDDEN_TEXTS,
        DEEPLY_NESTED,
      ]) {
        mutations.push({ kind: 'set', part: 'body', path, value });
      }
      if (path.at(-1) === 'deviceIpAddress') {
        for (const value of REFUSED_DEVICE_ADDRESSES) mutations.push({ kind: 'set', part: 'body', path, value });
      }
      mutations.push({ kind: 'delete', part: 'body', path });
    }
    for (const path of pathsOf(base.body)) {
      const value = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], base.body);
      if (Array.isArray(value) && value.length) {
        mutations.push({ kind: 'set', part: 'body', path, value: Array(LONG_ARRAY_LENGTH).fill(value[0]) });
      }
    }
    for (const key of ['__proto__', 'constructor', 'unexpectedField']) {
      mutations.push({ kind: 'extra', part: 'body', path: [], key, value: { polluted: true } });
    }
    mutations.push({ kind: 'replace', part: 'body', value: null }, { kind: 'replace', part: 'body', value: [] });
  }
  for (const part of ['querystring', 'params'] as const) {
    const schema = route.schema[part];
    if (!schema) continue;
    const value = part === 'params' ? base.params : base.query;
    for (const path of topLevelPaths(schema, value)) {
      for (const text of ['x'.repeat(400), '-1', '99999999999999999999', 'not-a-uuid', "' OR 1=1 --", NUL_TEXT]) {
        mutations.push({ kind: 'set', part, path, value: text });
      }
    }
    if (part === 'querystring') mutations.push({ kind: 'extra', part, path: [], key: '__proto__', value: 'x' });
  }
  return mutations;
}

/** Random breakers: fast-check picks a field and a hostile value, or a missing, extra or wrong-shaped part. */
export function randomMutation(route: DeclaredRoute, base: RequestInputs): fc.Arbitrary<Mutation> | null {
  const arms: fc.Arbitrary<Mutation>[] = [];
  if (route.schema.body) {
    const paths = topLevelPaths(route.schema.body, base.body).concat(pathsOf(base.body));
    const objects = objectPathsOf(base.body);
    if (paths.length) {
      const path = fc.constantFrom(...paths);
      arms.push(
        fc.record({ kind: fc.constant('set' as const), part: fc.constant('body' as const), path, value: bodyValue }),
      );
      arms.push(fc.record({ kind: fc.constant('delete' as const), part: fc.constant('body' as const), path }));
    }
    if (objects.length) {
      arms.push(
        fc.record({
          kind: fc.constant('extra' as const),
          part: fc.constant('body' as const),
          path: fc.constant([] as Path),
          key: extraKey,
          value: bodyValue,
        }),
      );
    }
    arms.push(
      fc.record({ kind: fc.constant('replace' as const), part: fc.constant('body' as const), value: wrongBody }),
    );
  }
  for (const part of ['querystring', 'params'] as const) {
    const schema = route.schema[part];
    const paths = schema ? topLevelPaths(schema, part === 'params' ? base.params : base.query) : [];
    if (!paths.length) continue;
    const path = fc.constantFrom(...paths);
    arms.push(fc.record({ kind: fc.constant('set' as const), part: fc.constant(part), path, value: urlSafe }));
    if (part === 'querystring') {
      arms.push(fc.record({ kind: fc.constant('delete' as const), part: fc.constant(part), path }));
      arms.push(
        fc.record({
          kind: fc.constant('extra' as const),
          part: fc.constant(part),
          path: fc.constant([] as Path),
          key: extraKey,
          value: urlSafe,
        }),
      );
    }
  }
  return arms.length ? fc.oneof(...arms) : null;
}
