import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks';
import { FIRST_PREPARATION_MESSAGE } from './first-preparation';
import { postgresConnectionSettings } from './postgres-settings';

/**
 * Applies the migrations while holding an advisory lock, so processes started together take
 * turns: the first migrates, the others wait, then find nothing left to apply. The session has
 * no statement timeout (a migration may rightly take long); the lock goes with the session.
 */
export async function migrateUnderLock(
  databaseUrl: string,
  migrationsFolder: string,
  print: (line: string) => void = console.log,
): Promise<void> {
  const client = new pg.Client(postgresConnectionSettings(databaseUrl));
  await client.connect();
  try {
    const key = ADVISORY_LOCKS.migrations;
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
    if (!rows[0].locked) {
      print('Another Gatehouse process is migrating the database; waiting for it to finish.');
      await client.query('select pg_advisory_lock($1)', [key]);
    }
    const fresh = await client.query<{ fresh: boolean }>(
      `select to_regclass('drizzle.__drizzle_migrations') is null as fresh`,
    );
    if (fresh.rows[0].fresh) print(FIRST_PREPARATION_MESSAGE);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}
