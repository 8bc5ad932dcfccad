import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, Orm } from './connect';
import { acquireDataDirLock } from './data-dir-lock';
import { migrationsFolder, newestAppliedMigration, newestMigrationMillis } from './migration-files';
import * as schema from './schema';

/**
 * Whether the newest migration this build ships is applied already: most starts then skip the
 * migrator, which reads and hashes every migration and checks its own tables first.
 */
export async function hasNewestMigration(db: Orm) {
  const applied = await newestAppliedMigration(db).catch(() => 0);
  return applied >= newestMigrationMillis();
}

/**
 * Embedded PostgreSQL (PGlite). With a data dir, files live under it and a lock keeps a second
 * process out; without one, the database is in memory (tests), started from `image` (a dumped,
 * migrated data dir) when given, which is several times quicker than migrating.
 */
export async function connectPglite(dataDir?: string, image?: Blob): Promise<Database> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const client = await PGlite.create(dataDir ? path.join(dataDir, 'pgdata') : undefined, {
      extensions: { pg_trgm },
      loadDataDir: image,
    });
    const orm = drizzle(client, { schema }) as unknown as Orm;
    if (!(await hasNewestMigration(orm))) await migrate(orm as never, { migrationsFolder });
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
