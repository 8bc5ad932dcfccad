import crypto from 'node:crypto';
import pg from 'pg';
import {
  freshPostgresDatabase,
  type GatehouseProcess,
  spawnGatehouse,
  TEST_SUPERADMIN,
} from '../support/gatehouse-process';
import { Mailbox } from '../support/mailbox';

export type MailedDatabase = Awaited<ReturnType<typeof mailedDatabase>>;

/** A fresh PostgreSQL database, a mailbox, and the processes a test starts on them; close() ends all. */
export async function mailedDatabase() {
  const database = await freshPostgresDatabase();
  const mailbox = new Mailbox();
  await mailbox.start();
  const processes: GatehouseProcess[] = [];
  return {
    database,
    mailbox,
    start: async (env: Record<string, string>) => {
      const started = await spawnGatehouse({ databaseUrl: database.url, env });
      processes.push(started);
      return started;
    },
    close: async () => {
      await Promise.all(processes.map((process) => process.stop('SIGKILL')));
      await mailbox.stop();
      await database.drop();
    },
  };
}

/** Runs statements on a database outside any Gatehouse process. */
export async function withClient<T>(databaseUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Processes sharing a database share the master secret (sessions, sealed job secrets, PINs). */
export const sharedSecretEnv = () => ({ JWT_SECRET: crypto.randomBytes(32).toString('hex') });

export async function insertProperty(databaseUrl: string): Promise<string> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `insert into properties (property_name, property_location) values ('Fault Ridge', '1 Fault Road') returning id`,
    );
    return rows[0].id as string;
  });
}

export async function signInSuperadmin(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/resident/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...TEST_SUPERADMIN, userType: 'superadmin' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** Residents of one property, emails `<prefix>.<n>@<domain>`. */
export function residentRows(count: number, prefix: string, domain: string, propertyId: string) {
  return Array.from({ length: count }, (_, n) => ({
    firstName: 'Fault',
    lastName: `Resident ${n}`,
    email: `${prefix}.${n}@${domain}`,
    phoneNumber: '',
    role: 'resident',
    propertyId,
  }));
}

export function postBulkUpload(baseURL: string, token: string, rows: object[]) {
  return fetch(`${baseURL}/api/resident/bulk-upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ users: rows }),
  });
}

/** Jobs neither done nor failed for good, leaving out what is scheduled for later (the daily upkeep). */
export async function unfinishedJobs(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      "select count(*)::int as n from jobs where done_at is null and failed_at is null and run_at < now() + interval '10 minutes'",
    );
    return rows[0].n as number;
  });
}

export async function waitFor(condition: () => Promise<boolean> | boolean, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
