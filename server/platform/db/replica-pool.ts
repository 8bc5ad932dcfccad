import { drizzle } from 'drizzle-orm/node-postgres';
import type { Orm } from './connect';
import { EvictingPool } from './evicting-pool';
import { postgresPoolSettings } from './postgres-settings';

// Loaded only when DATABASE_READ_URL is set (as connect.ts loads each driver only when used).

/** A pool to the replica: no migrations (it is read-only; the primary's arrive by replication). */
export function connectReplica(databaseReadUrl: string, poolSize: number) {
  const pool = new EvictingPool(postgresPoolSettings(databaseReadUrl, poolSize, 'bounded'));
  pool.on('error', (error) => console.warn(`idle replica connection closed: ${error.message}`));
  return { orm: drizzle(pool) as unknown as Orm, close: () => pool.end() };
}
