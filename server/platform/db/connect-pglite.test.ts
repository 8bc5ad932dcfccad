import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import type { Orm } from './connect';
import { hasNewestMigration } from './connect-pglite';
import { newestMigrationMillis } from './migration-files';

// A start skips the migrator only when the newest migration is applied; anything older runs it.
describe('hasNewestMigration', () => {
  it('is false for a database never migrated', async () => {
    const client = await PGlite.create();
    expect(await hasNewestMigration(drizzle(client) as unknown as Orm)).toBe(false);
    await client.close();
  });

  it('is true only once the newest migration this build ships is recorded', async () => {
    const client = await PGlite.create();
    await client.exec(`create schema drizzle;
      create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      'older',
      newestMigrationMillis() - 1,
    ]);
    expect(await hasNewestMigration(drizzle(client) as unknown as Orm)).toBe(false);
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      'newest',
      newestMigrationMillis(),
    ]);
    expect(await hasNewestMigration(drizzle(client) as unknown as Orm)).toBe(true);
    await client.close();
  });
});
