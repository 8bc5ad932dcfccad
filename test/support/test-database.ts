import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { connectPglite, connectPostgres, type Database } from '../../server/platform/db/connect';
import { migrationsFolder } from '../../server/platform/db/migration-files';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (DB_KIND=postgres) a new
 * database on the DATABASE_URL server that is dropped again on close. Both start from a copy of a
 * database migrated once per set of migrations (a dumped PGlite data dir; a PostgreSQL template
 * database), because migrating anew took seconds per file, twice per suite.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.DB_KIND !== 'postgres') return connectPglite(undefined, await pgliteImage());
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DB_KIND=postgres needs DATABASE_URL');
  const template = await postgresTemplate(adminUrl);
  const name = `gatehouse_test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  const database = await connectPostgres(urlOf(adminUrl, name), 5);
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A digest of every migration file: a changed or added migration makes new templates. */
function migrationsDigest(): string {
  const hash = crypto.createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(fs.readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/** The migrated PGlite data dir, dumped once into the temp folder and shared by every test worker. */
async function pgliteImage(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `gatehouse-pglite-${migrationsDigest()}.tar`);
  if (!fs.existsSync(file)) {
    const database = await connectPglite();
    const client = (database.orm as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await database.close();
    // Written aside and renamed, so a worker never reads half a file another is writing.
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/** The name of a migrated template database on the server, made once under an advisory lock. */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const template = `gatehouse_template_${migrationsDigest()}`;
  await withAdmin(adminUrl, async (admin) => {
    const exists = () => admin.query('select 1 from pg_database where datname = $1', [template]);
    if ((await exists()).rowCount) return;
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      if ((await exists()).rowCount) return;
      const building = `${template}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const database = await connectPostgres(urlOf(adminUrl, building), 1);
      await database.close();
      await admin.query(`alter database ${building} rename to ${template}`);
      await admin.query(`alter database ${template} with is_template true`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  return template;
}

async function withAdmin<T>(adminUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

function urlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
