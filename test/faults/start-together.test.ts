import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/platform/db/migration-files';
import {
  type FreshPostgres,
  freshPostgresDatabase,
  type GatehouseProcess,
  spawnGatehouse,
  waitUntilListening,
} from '../support/gatehouse-process';

const ROUNDS = 3;
const PROCESSES = 3;

async function queryRows<Row>(url: string, statement: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as Row[];
  } finally {
    await client.end();
  }
}

async function startTogether(database: FreshPostgres): Promise<GatehouseProcess[]> {
  const processes = await Promise.all(
    Array.from({ length: PROCESSES }, () => spawnGatehouse({ databaseUrl: database.url, noWait: true })),
  );
  try {
    await Promise.all(processes.map((running) => waitUntilListening(running)));
  } catch (error) {
    await Promise.all(processes.map((running) => running.stop('SIGKILL')));
    throw error;
  }
  return processes;
}

describe('several processes started together on one fresh PostgreSQL database', () => {
  const migrationCount = readMigrationFiles({ migrationsFolder }).length;

  it(`all come up, apply each migration once and create one super administrator (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const database = await freshPostgresDatabase('gatehouse_start');
      try {
        const processes = await startTogether(database);
        for (const running of processes) {
          expect((await fetch(`${running.baseURL}/livez`)).status).toBe(200);
        }
        await Promise.all(processes.map((running) => running.stop()));

        const migrations = await queryRows<{ hash: string; times: number }>(
          database.url,
          'select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash',
        );
        expect(migrations).toHaveLength(migrationCount);
        expect(migrations.every((migration) => migration.times === 1)).toBe(true);
        const superadmins = await queryRows<{ count: number }>(
          database.url,
          "select count(*)::int as count from users where role = 'superadmin'",
        );
        expect(superadmins[0].count).toBe(1);
      } finally {
        await database.drop();
      }
    }
  });
});
