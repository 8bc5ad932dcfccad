import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { connectPglite as openPglite } from './connect-pglite';
import type { connectPostgres as openPostgres } from './connect-postgres';

export type Orm = PgDatabase<PgQueryResultHKT>;
/** The argument a transaction callback receives; repositories accept either. */
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];
export type Queryable = Orm | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  orm: Orm;
  close(): Promise<void>;
}

// Each driver is loaded only when it is used: a process needs one of them, and loading the other
// would lengthen every start (bench/cold-start.bench.ts).

/** PostgreSQL at `databaseUrl` (connect-postgres.ts). */
export async function connectPostgres(...args: Parameters<typeof openPostgres>): Promise<Database> {
  return (await import('./connect-postgres')).connectPostgres(...args);
}

/** The embedded database, in `dataDir` or in memory (connect-pglite.ts). */
export async function connectPglite(...args: Parameters<typeof openPglite>): Promise<Database> {
  return (await import('./connect-pglite')).connectPglite(...args);
}

export function connectDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  databasePoolSize?: number;
}): Promise<Database> {
  return options.databaseUrl
    ? connectPostgres(options.databaseUrl, options.databasePoolSize)
    : connectPglite(options.dataDir);
}
