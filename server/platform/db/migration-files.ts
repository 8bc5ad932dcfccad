import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Orm } from './connect';
import { rowsOf } from './rows';

/** The SQL migrations: server/platform/db/migrations, or beside the compiled server (tools/build-server.mjs). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * A migrated, empty embedded database, written beside the compiled server by tools/build-server.mjs;
 * absent when the server runs from its sources.
 */
export const emptyDatabaseImage = path.join(path.dirname(fileURLToPath(import.meta.url)), 'empty-database.tar.gz');

let newest: number | undefined;

/** The newest migration this build ships, as drizzle records it once applied (its journal time). */
export function newestMigrationMillis(): number {
  if (newest === undefined) {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: { when: number }[];
    };
    newest = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return newest;
}

/** The newest migration this database has applied (its journal time); throws when it cannot say. */
export async function newestAppliedMigration(db: Orm): Promise<number> {
  const result = await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
  return Number(rowsOf<{ newest: unknown }>(result)[0]?.newest ?? 0);
}
