import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

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

async function runAdminStatement(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface FreshPostgres {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database on the DATABASE_URL server, dropped again by `drop()`. */
export async function freshPostgresDatabase(prefix = 'gatehouse_proc'): Promise<FreshPostgres> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('a fresh PostgreSQL database needs DATABASE_URL');
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await runAdminStatement(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAdminStatement(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

export const TEST_SUPERADMIN = { email: 'root@gatehouse.test', password: 'root-password-123' };

export interface GatehouseProcess {
  baseURL: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM and wait (default), or SIGKILL to simulate a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface ProcessOptions {
  /** PostgreSQL URL; unset: PGlite under the process's own data dir. */
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
  /** Resolve once the process is spawned, without waiting for it to listen. */
  noWait?: boolean;
  /** The host name in APP_URL and baseURL; passkeys need a domain (`localhost`), not an address. */
  publicHost?: string;
  /** The port to listen on, when something must know the address first (an OpenID provider's redirect URI); unset: a free one. */
  port?: number;
  /** A compiled server's main.mjs (tools/build-server.mjs), run as `npm start` runs it; unset: the sources. */
  compiledEntry?: string;
  /** A command the server is run under, given node and its arguments last (see NEVER_REAPED). */
  launcher?: string[];
}

/**
 * Runs the server under a shell that prints its pid and turns into `sleep`, which never reaps it:
 * killed, it stays a zombie (as under a parent busy elsewhere) until the launcher is stopped.
 */
export const NEVER_REAPED = ['sh', '-c', '"$@" & echo "gatehouse pid $!"; exec sleep 600', 'sh'];

/** The real server (`server/main.ts`, or its compiled build) in its own process, as `npm start` runs it. */
export async function spawnGatehouse(options: ProcessOptions = {}): Promise<GatehouseProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-proc-'));
  const baseURL = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  // node with tsx's loader, not the tsx wrapper: signals reach the server itself, as in production.
  const entry = options.compiledEntry
    ? ['--enable-source-maps', options.compiledEntry]
    : ['--import', 'tsx', 'server/main.ts'];
  const [command, ...args] = [...(options.launcher ?? []), process.execPath, ...entry];
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      APP_URL: baseURL,
      SUPERADMIN_EMAIL: TEST_SUPERADMIN.email,
      SUPERADMIN_PASSWORD: TEST_SUPERADMIN.password,
      PASSWORD_HASH_MEMORY_KIB: '256',
      ALLOW_LOCAL_DEVICES: '1',
      JOB_POLL_MS: '200',
      // Relays are probed (and outages noticed) within a second of being registered.
      DEVICE_HEALTH_SWEEP_MS: '1000',
      LOG_LEVEL: 'warn',
      // Suites about the second factor set `required` themselves.
      ADMIN_MFA: 'optional',
      ...options.env,
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
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running: GatehouseProcess = {
    baseURL,
    port,
    dataDir,
    child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        await exited;
      }
    },
  };
  if (!options.noWait) await waitUntilListening(running);
  return running;
}

/**
 * Waits for the process's "listening" line; throws with its output if it exits or takes three
 * minutes. Alone it takes about 4 s; with every suite sharing two cores in CI, over a minute.
 */
export async function waitUntilListening(running: GatehouseProcess, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (!running.output().includes('Gatehouse is listening')) {
    if (running.child.exitCode !== null) throw new Error(`server exited early:\n${running.output()}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
