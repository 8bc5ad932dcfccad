import { DrizzleQueryError } from 'drizzle-orm';

/** Fields of database errors that repeat the values a query was run with. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'queryOptions', 'hint']);

/** SQLSTATE class 22 (data exception) messages quote the offending value, e.g. `invalid input syntax for type uuid: "…"`. */
const quotesValue = (code: unknown) => typeof code === 'string' && code.startsWith('22');

const isDatabaseError = (error: Error) =>
  typeof (error as { code?: unknown }).code === 'string' && 'severity' in error && 'routine' in error;

function messageOf(error: Error): string {
  if (error instanceof DrizzleQueryError) return `Failed query: ${error.query}`;
  const code = (error as { code?: unknown }).code;
  if (isDatabaseError(error) && quotesValue(code))
    return `database data exception ${code} (message withheld: it quotes a value)`;
  return error.message;
}

/** The stack's frames under a new first line, so a message that held values is not repeated there. */
function stackOf(error: Error, message: string): string {
  const frames = error.stack?.split('\n').filter((line) => line.startsWith('    at ')) ?? [];
  return [`${error.name}: ${message}`, ...frames].join('\n');
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * The `err` serializer of every log line: an error as pino would write it, minus anything that
 * repeats a query's parameters (Drizzle puts them in its message, drivers in `params`/`detail`),
 * so a failed insert never writes a name, an email or a token into the log. Causes are
 * serialized the same way.
 */
export function logSafeError(error: unknown, seen = new Set<Error>()): SerializedError {
  // Something thrown that is not an Error (a string, a number) is written as its text, never spread into an object.
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  seen.add(error);
  const message = messageOf(error);
  const safe: SerializedError = { type: error.constructor.name, message, stack: stackOf(error, message) };
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_FIELDS.has(key) || key === 'cause' || key in safe) continue;
    safe[key] = value;
  }
  const cause = error.cause;
  if (cause instanceof Error) safe.cause = seen.has(cause) ? '[circular]' : logSafeError(cause, seen);
  else if (cause !== undefined) safe.cause = '[withheld]';
  return safe;
}
