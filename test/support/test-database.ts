import crypto from 'node:crypto';
import pg from 'pg';
import { connectPglite, connectPostgres, type Database } from '../../server/platform/db/connect';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (DB_KIND=postgres) a new
 * database on the DATABASE_URL server that is dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.DB_KIND !== 'postgres') return connectPglite();
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DB_KIND=postgres needs DATABASE_URL');
  const name = `gatehouse_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await connectPostgres(url.toString(), 5);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
