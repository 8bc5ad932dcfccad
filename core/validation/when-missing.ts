// Apart from sentences.ts, which installs zod's error map: a schema file that needs only this
// does not pull that map into the browser's first download.
/**
 * A string schema's message for a missing value only (`z.string({ error: whenMissing(...) })`):
 * a plain schema-wide message would also answer a value that is too long, calling it missing.
 */
export const whenMissing =
  (message: string) =>
  (issue: { code?: string }): string | undefined =>
    issue.code === 'invalid_type' ? message : undefined;
