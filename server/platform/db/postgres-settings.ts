import type pg from 'pg';

/**
 * How long Gatehouse waits on PostgreSQL before giving up (the reasons for each number are in
 * docs/decisions/0003-database-timeouts.md). A person at a gate waits for every answer, so a
 * database that stops answering must turn into a quick 503, never a request that hangs.
 */
export const DATABASE_TIMEOUTS = {
  /** A new connection (TCP, TLS, authentication), or a free one from the pool. */
  connectMs: 3_000,
  /** Server side: PostgreSQL cancels a statement running longer (SQLSTATE 57014). */
  statementMs: 5_000,
  /** Client side: no answer at all (a stalled network or server); a little above statementMs. */
  queryMs: 6_000,
  /** TCP keepalive on idle connections, so a vanished peer is noticed before the next use. */
  keepAliveInitialDelayMs: 10_000,
} as const;

/** Connections one process keeps to PostgreSQL at most, unless DATABASE_POOL_SIZE says otherwise. */
export const DATABASE_POOL_SIZE = 10;

/**
 * `bounded` for serving requests; `unbounded` only for bulk work outside any request (seeding a
 * benchmark's million rows), where a statement may rightly run for minutes.
 */
export type StatementBounds = 'bounded' | 'unbounded';

/** Settings every connection to PostgreSQL shares: the pool's and the migration session's. */
export function postgresConnectionSettings(databaseUrl: string): pg.ClientConfig {
  return {
    connectionString: databaseUrl,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: DATABASE_TIMEOUTS.keepAliveInitialDelayMs,
    application_name: 'gatehouse',
  };
}

/** The pool: with `bounded`, every statement is limited on the server and on the client. */
export function postgresPoolSettings(databaseUrl: string, max: number, statements: StatementBounds): pg.PoolConfig {
  const connection = { ...postgresConnectionSettings(databaseUrl), max };
  if (statements === 'unbounded') return connection;
  return { ...connection, statement_timeout: DATABASE_TIMEOUTS.statementMs, query_timeout: DATABASE_TIMEOUTS.queryMs };
}
