/**
 * `enhanceGetInputProps` for a form whose text limits are known: each limited field's input gets
 * its `maxLength`, so typing stops at the limit the schema (and the server) keeps.
 */
export const maxLengthProps =
  (limits: Record<string, number>) =>
  ({ field }: { field: string }) =>
    limits[field] === undefined ? undefined : { maxLength: limits[field] };
