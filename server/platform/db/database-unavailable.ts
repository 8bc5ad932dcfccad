/**
 * Which errors mean "the database is away" (answer 503, try again) rather than "this request or
 * this code is wrong" (answer 4xx/500). node-postgres gives its own transport failures no code,
 * so those are known by their messages; the server's by their SQLSTATE class.
 */

/** Raised by pg and pg-pool when the connection itself fails or times out. */
const DRIVER_CONNECTION_FAILURES = new Set([
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client was closed and is not queryable',
  'Client has encountered a connection error and is not queryable',
]);

const SOCKET_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE classes of a server that cannot serve now: 08 connection exception, 53 insufficient
 * resources (too many connections, disk full), 57 operator intervention (statement timeout,
 * shutdown, starting up).
 */
const UNAVAILABLE_SQLSTATE_CLASSES = new Set(['08', '53', '57']);

function* causeChain(error: unknown): Generator<Error> {
  const seen = new Set<unknown>();
  let current = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    yield current;
    current = current.cause;
  }
}

const codeOf = (error: Error) => (error as { code?: unknown }).code;

/** The connection this error came from is unusable: a pooled client must not be handed out again. */
export function isConnectionFailure(error: unknown): boolean {
  for (const link of causeChain(error)) {
    const code = codeOf(link);
    if (DRIVER_CONNECTION_FAILURES.has(link.message)) return true;
    if (typeof code === 'string' && (SOCKET_FAILURES.has(code) || code.startsWith('08'))) return true;
  }
  return false;
}

/** The database cannot answer now (unreachable, stalled, overloaded, restarting); a retry later may work. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isConnectionFailure(error)) return true;
  for (const link of causeChain(error)) {
    const code = codeOf(link);
    if (typeof code === 'string' && code.length === 5 && UNAVAILABLE_SQLSTATE_CLASSES.has(code.slice(0, 2))) {
      return true;
    }
  }
  return false;
}

/** The driver's own words for the failure, without the query text or its parameters. */
export function rootCauseMessage(error: unknown): string {
  let last = '';
  for (const link of causeChain(error)) last = link.message;
  return last;
}
