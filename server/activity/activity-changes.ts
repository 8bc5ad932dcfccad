/** What a change did to each field it touched. */
export type ActivityChanges = Record<string, { before: unknown; after: unknown }>;

type Fields = Record<string, unknown>;

/** JSON with object keys sorted: a value read back from jsonb (keys reordered) equals the one written. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * The fields of `after` whose values differ from `before` (fields absent from `after` were not
 * asked to change). Dates become ISO strings.
 */
export function changesBetween(before: Fields, after: Fields): ActivityChanges {
  const changes: ActivityChanges = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (!same(before[field], value)) changes[field] = { before: plain(before[field]), after: plain(value) };
  }
  return changes;
}

/** A new object: each field from nothing. */
export function created(fields: Fields): ActivityChanges {
  return changesBetween({}, fields);
}

/** A removed object: each field to nothing. */
export function removed(fields: Fields): ActivityChanges {
  const changes: ActivityChanges = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) changes[field] = { before: plain(value), after: null };
  }
  return changes;
}

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}
