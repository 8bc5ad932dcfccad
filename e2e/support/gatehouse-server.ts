import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectPglite, connectPostgres, type Orm } from '../../server/db/connect';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

/** A fresh database for one server: a new PostgreSQL database when DATABASE_URL is set, else PGlite. */
async function freshDatabaseUrl(): Promise<{ url?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { drop: async () => {} };
  const name = `gatehouse_e2e_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  superadmin: { email: string; password: string };
  databaseUrl?: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Writes rows straight into the fresh, migrated database before the server process starts. */
  seed?: (orm: Orm) => Promise<void>;
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
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-e2e-'));
  const database = await freshDatabaseUrl();
  if (options.seed) await seedDatabase(options.seed, dataDir, database.url);
  const superadmin = { email: 'root@gatehouse.test', password: 'root-password-123' };
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url ?? '',
      APP_URL: baseURL,
      SUPERADMIN_EMAIL: superadmin.email,
      SUPERADMIN_PASSWORD: superadmin.password,
      PASSWORD_HASH_COST: '12',
      ALLOW_LOCAL_DEVICES: '1',
      JOB_POLL_MS: '200',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (!output.includes('Gatehouse is listening')) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    dataDir,
    superadmin,
    databaseUrl: database.url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
