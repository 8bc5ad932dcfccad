import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Database, Orm } from './connect';
import { acquireDataDirLock } from './data-dir-lock';
import { FIRST_PREPARATION_MESSAGE } from './first-preparation';
import { emptyDatabaseImage, migrationsFolder, newestAppliedMigration, newestMigrationMillis } from './migration-files';

/**
 * Whether the newest migration this build ships is applied already: most starts then skip the
 * migrator, which reads and hashes every migration and checks its own tables first.
 */
export async function hasNewestMigration(db: Orm) {
  const applied = await newestAppliedMigration(db).catch(() => 0);
  return applied >= newestMigrationMillis();
}

/**
 * The compiled server's migrated, empty database (tools/build-server.mjs): loading it takes about
 * half of what creating a database (PGlite's initdb) and migrating it takes (decision 0073).
 */
function emptyImage(): Blob | undefined {
  return fs.existsSync(emptyDatabaseImage) ? new Blob([fs.readFileSync(emptyDatabaseImage)]) : undefined;
}

/**
 * Embedded PostgreSQL (PGlite). With a data dir, files live under it and a lock keeps a second
 * process out; without one, the database is in memory (tests), started from `image` (a dumped,
 * migrated data dir) when given, which is several times quicker than migrating. An empty data dir
 * starts from the compiled server's empty image when there is one.
 */
export async function connectPglite(dataDir?: string, image?: Blob): Promise<Database> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const pgdata = dataDir ? path.join(dataDir, 'pgdata') : undefined;
    const fresh = pgdata !== undefined && !fs.existsSync(path.join(pgdata, 'PG_VERSION'));
    if (fresh) console.log(FIRST_PREPARATION_MESSAGE);
    const client = await PGlite.create(pgdata, {
      extensions: { pg_trgm },
      loadDataDir: image ?? (fresh ? emptyImage() : undefined),
    });
    const orm = drizzle(client) as unknown as Orm;
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
