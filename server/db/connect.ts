import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { acquireDataDirLock } from './data-dir-lock';
import { EvictingPool } from './evicting-pool';
import { migrateUnderLock } from './migrate-under-lock';
import { DATABASE_POOL_SIZE, postgresPoolSettings, type StatementBounds } from './postgres-settings';
import * as schema from './schema';

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The argument a transaction callback receives; repositories accept either. */
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];
export type Queryable = Orm | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  orm: Orm;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Real PostgreSQL through node-postgres, every wait bounded (postgres-settings.ts); migrations
 * applied before returning, one process at a time.
 */
export async function connectPostgres(
  databaseUrl: string,
  poolSize = DATABASE_POOL_SIZE,
  statements: StatementBounds = 'bounded',
): Promise<Database> {
  await migrateUnderLock(databaseUrl, migrationsFolder);
  const pool = new EvictingPool(postgresPoolSettings(databaseUrl, poolSize, statements));
  // An idle connection the server closes (restart, dropped test database) must not crash the process.
  pool.on('error', (error) => console.warn(`idle database connection closed: ${error.message}`));
  const orm = drizzlePg(pool, { schema }) as unknown as Orm;
  return { kind: 'postgres', orm, close: () => pool.end() };
}

/**
 * Embedded PostgreSQL (PGlite). With a data dir, files live under it and a lock keeps a second
 * process out; without one, the database is in memory (tests).
 */
export async function connectPglite(dataDir?: string): Promise<Database> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const client = await PGlite.create(dataDir ? path.join(dataDir, 'pgdata') : undefined, {
      extensions: { pg_trgm },
    });
    const orm = drizzlePglite(client, { schema }) as unknown as Orm;
    await migratePglite(orm as never, { migrationsFolder });
    return {
      kind: 'pglite',
      orm,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
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
