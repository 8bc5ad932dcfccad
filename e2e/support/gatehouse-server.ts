import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectPglite, connectPostgres, type Orm } from '../../server/platform/db/connect';
import { freshPostgresDatabase, spawnGatehouse, TEST_SUPERADMIN } from '../../test/support/gatehouse-process';

export { freePort } from '../../test/support/gatehouse-process';

/** A fresh database for one server: a new PostgreSQL database when DATABASE_URL is set, else PGlite. */
async function freshDatabaseUrl(): Promise<{ url?: string; drop(): Promise<void> }> {
  if (!process.env.DATABASE_URL) return { drop: async () => {} };
  return freshPostgresDatabase('gatehouse_e2e');
}

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  superadmin: { email: string; password: string };
  databaseUrl?: string;
  /** Everything the server printed so far: its log lines (LOG_LEVEL warn unless set). */
  log(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Writes rows straight into the fresh, migrated database before the server process starts. */
  seed?: (orm: Orm) => Promise<void>;
  /** The host name the browser uses (see ProcessOptions.publicHost). */
  publicHost?: string;
  /** See ProcessOptions.port. */
  port?: number;
}

/** Runs a seed against the server's database (PGlite under dataDir, or PostgreSQL), then lets go of it. */
async function seedDatabase(seed: NonNullable<StartOptions['seed']>, dataDir: string, url?: string) {
  const database = url ? await connectPostgres(url, 2) : await connectPglite(dataDir);
  try {
    await seed(database.orm);
  } finally {
    await database.close();
  }
}

/** The real server (`server/main.ts`) in its own process, on its own database, as `npm start` runs it. */
export async function startGatehouse(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-e2e-'));
  const database = await freshDatabaseUrl();
  if (options.seed) await seedDatabase(options.seed, dataDir, database.url);
  const superadmin = TEST_SUPERADMIN;
  const server = await spawnGatehouse({
    databaseUrl: database.url,
    dataDir,
    env,
    publicHost: options.publicHost,
    port: options.port,
  });
  const baseURL = server.baseURL;
  return {
    baseURL,
    dataDir,
    superadmin,
    databaseUrl: database.url,
    log: () => server.output(),
    stop: async () => {
      await server.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
