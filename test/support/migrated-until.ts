import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Orm } from '../../server/platform/db/connect';
import { migrateUnderLock } from '../../server/platform/db/migrate-under-lock';
import { migrationsFolder } from '../../server/platform/db/migration-files';

/** A copy of the migrations folder whose journal stops before `tag`: a database as an older build left it. */
export function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-migrations-'));
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  if (stop < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, stop);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

export interface UpgradableDatabase {
  orm: Orm;
  /** Applies the migrations left out, as a newer build does at its start. */
  upgrade(): Promise<void>;
  close(): Promise<void>;
}

/** A fresh database (PGlite, or PostgreSQL with DB_KIND=postgres) migrated up to, not including, `tag`. */
export async function databaseBefore(tag: string): Promise<UpgradableDatabase> {
  const older = migrationsBefore(tag);
  if (process.env.DB_KIND !== 'postgres') {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
    const orm = drizzlePglite(client) as unknown as Orm;
    await migratePglite(orm as never, { migrationsFolder: older });
    return {
      orm,
      upgrade: () => migratePglite(orm as never, { migrationsFolder }),
      close: () => client.close(),
    };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DB_KIND=postgres needs DATABASE_URL');
  const name = `gatehouse_upgrade_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migrateUnderLock(url.toString(), older, () => {});
  // Connecting migrates to the newest; so the pool is opened on the older schema by hand.
  const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const orm = drizzle(pool) as unknown as Orm;
  return {
    orm,
    upgrade: () => migrateUnderLock(url.toString(), migrationsFolder, () => {}),
    close: async () => {
      await pool.end();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      // pool.end() can resolve while its last clients are still saying goodbye; forcing the drop
      // then terminates them, and their error has no listener left (an uncaught error in the run).
      await untilNoConnections(dropper, name);
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Waits (at most 5 s) until no session is connected to the database `name`. */
async function untilNoConnections(admin: pg.Client, name: string) {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
