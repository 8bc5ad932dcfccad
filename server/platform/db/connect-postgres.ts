import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database, Orm } from './connect';
import { EvictingPool } from './evicting-pool';
import { migrateUnderLock } from './migrate-under-lock';
import { migrationsFolder } from './migration-files';
import { DATABASE_POOL_SIZE, postgresPoolSettings, type StatementBounds } from './postgres-settings';

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
  const orm = drizzle(pool) as unknown as Orm;
  return { kind: 'postgres', orm, close: () => pool.end() };
}
