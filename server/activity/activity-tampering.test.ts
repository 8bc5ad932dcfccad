import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedProperty, seedUser, type TestApp, testConfig } from '../../test/support/test-app';
import { TestClock } from '../../test/support/test-clock';
import { createTestDatabase } from '../../test/support/test-database';
import { buildApp } from '../app/app';
import { sha256Hex } from '../platform/crypto/keys';
import { connectPostgres, type Database } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { canonicalWords, GENESIS_HASH } from './activity-chain';
import { removeOldActivity } from './activity-retention';
import { verifyActivityChains } from './activity-verify';
import { auditReport } from './audit-report';
import { recordSystemActivity } from './record-activity';

/**
 * Issue 46.4: the trail attacked with nothing but the application's own database login. On
 * PostgreSQL that login is a role of its own (no superuser), owning the database it migrated, as in
 * a deployment; on PGlite it is the one role there is.
 */
const JWT_SECRET = crypto.randomBytes(33).toString('base64url');
const onPostgres = process.env.DB_KIND === 'postgres';

interface AppLogin {
  database: Database;
  url: string | null;
  drop(): Promise<void>;
}

async function asAdmin(statement: string) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A database created by and for the app's login, migrated by the app as it starts. */
async function appLoginDatabase(): Promise<AppLogin> {
  if (!onPostgres) {
    const database = await createTestDatabase();
    return { database, url: null, drop: async () => {} };
  }
  const name = `gatehouse_app_${crypto.randomBytes(6).toString('hex')}`;
  await asAdmin(`create role ${name} login`);
  await asAdmin(`create database ${name} owner ${name}`);
  const url = new URL(process.env.DATABASE_URL as string);
  url.username = name;
  url.pathname = `/${name}`;
  const database = await connectPostgres(url.toString(), 5);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await asAdmin(`drop database if exists ${name} with (force)`);
      await asAdmin(`drop role if exists ${name}`);
    },
  };
}

let login: AppLogin;
let t: TestApp;

/** Runs statements in one transaction as the app's login; answers 'done' or the database's refusal. */
async function attack(...statements: ReturnType<typeof sql>[]): Promise<string> {
  return t.app.db
    .transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
    })
    .then(
      () => 'done',
      (error: Error) => (error.cause as Error | undefined)?.message ?? error.message,
    );
}

/** What the owner can still do: switch the trigger off around a statement. */
const withTriggerOff = (statement: ReturnType<typeof sql>) =>
  attack(
    sql`alter table activity disable trigger activity_append_only_rows`,
    statement,
    sql`alter table activity enable trigger activity_append_only_rows`,
  );

const ENTRIES = 100;

async function chainOf(count: number, at = () => t.clock.now()) {
  const property = await seedProperty(t.app);
  await t.app.db.transaction(async (tx) => {
    for (let i = 0; i < count; i++)
      await recordSystemActivity(tx, t.app.config.secret, at(), {
        action: 'property.update',
        summary: `Changed setting ${i}`,
        object: { kind: 'property', id: property.id, propertyId: property.id },
      });
  });
  return property.id;
}

const inChainSql = (propertyId: string) => sql`property_id = ${propertyId}::uuid`;
const newest = (propertyId: string, n: number) =>
  sql`delete from activity where id in (select id from activity where ${inChainSql(propertyId)} order by seq desc limit ${n})`;
const oldest = (propertyId: string, n: number) =>
  sql`delete from activity where id in (select id from activity where ${inChainSql(propertyId)} order by seq limit ${n})`;
const wholeChain = (propertyId: string) => sql`delete from activity where ${inChainSql(propertyId)}`;

const brokenChain = async (propertyId: string) =>
  (await verifyActivityChains(t.app.db, t.app.config.secret)).broken.find((link) => link.propertyId === propertyId);

beforeAll(async () => {
  login = await appLoginDatabase();
  const clock = new TestClock();
  const config = testConfig({ now: clock.now, secret: Buffer.from(JWT_SECRET, 'utf8') });
  const app = await buildApp(config, login.database);
  await app.ready();
  t = { app, database: login.database, clock, close: () => app.close() };
});
afterAll(async () => {
  await t.app.close();
  await login.database.close();
  await login.drop();
});

describe('the trail attacked with the application database login', () => {
  const tampered: Record<string, string> = {};

  it('no session setting opens the trail: deleting the newest, the oldest or a whole chain inside retention is refused', async () => {
    for (const [setting, remove] of [
      ['retention', newest],
      ['retention', oldest],
    ] as const) {
      const chain = await chainOf(10);
      const refusal = await attack(
        sql.raw(`set local gatehouse.activity_${setting} = 'on'`),
        sql.raw(`set local gatehouse.activity_erasure = 'on'`),
        sql.raw(`set local gatehouse.activity_relink = 'on'`),
        remove(chain, 4),
      );
      expect(refusal).toMatch(/append-only: DELETE/);
    }
    const chain = await chainOf(3);
    expect(await attack(sql.raw(`set local gatehouse.activity_retention = 'on'`), wholeChain(chain))).toMatch(
      /append-only: DELETE/,
    );
    expect(await attack(sql`delete from activity_heads where chain = ${chain}`)).toMatch(/heads are kept/);
    expect(await brokenChain(chain)).toBeUndefined();
  });

  it("retention's own removal of entries past the property's retention holds in audit:verify", async () => {
    const longAgo = new Date(Date.now() - 100 * 31 * 24 * 3600_000);
    const chain = await chainOf(5, () => longAgo);
    await t.app.db.transaction((tx) =>
      recordSystemActivity(tx, t.app.config.secret, new Date(), {
        action: 'property.update',
        summary: 'A change of today',
        object: { kind: 'property', id: chain, propertyId: chain },
      }),
    );
    expect((await removeOldActivity(t.app.db, t.app.config.secret, new Date())).get(chain)).toBe(5);
    const left = rowsOf<{ prev_hash: string }>(
      await t.app.db.execute(sql`select prev_hash from activity where ${inChainSql(chain)}`),
    );
    expect(left).toHaveLength(1);
    expect(left[0].prev_hash).not.toBe(GENESIS_HASH);
    expect(await brokenChain(chain)).toBeUndefined();
  });

  it('audit:verify while entries are appended at once to the chain it reads sees every chain hold', async () => {
    const chain = await chainOf(3);
    let appending = true;
    const appends = Array.from({ length: 100 }, (_, i) =>
      t.app.db.transaction((tx) =>
        recordSystemActivity(tx, t.app.config.secret, new Date(), {
          action: 'property.update',
          summary: `Changed setting ${i} at once`,
          object: { kind: 'property', id: chain, propertyId: chain },
        }),
      ),
    );
    const settled = Promise.allSettled(appends).then((results) => {
      appending = false;
      return results;
    });
    const verdicts: (string | undefined)[] = [];
    do verdicts.push((await brokenChain(chain))?.problem);
    while (appending);
    expect((await settled).filter((result) => result.status === 'rejected')).toEqual([]);
    expect(verdicts.filter(Boolean)).toEqual([]);
  });

  it('with the trigger off, audit:verify names the newest 47 removed', async () => {
    const chain = await chainOf(ENTRIES);
    expect(await withTriggerOff(newest(chain, 47))).toBe('done');
    tampered[chain] = 'newer entries were removed';
    expect(await brokenChain(chain)).toMatchObject({
      seq: expect.any(Number),
      problem: expect.stringMatching(/newer entries were removed/),
    });
  });

  it('with the trigger off, audit:verify names the oldest 35 removed minutes after they were written', async () => {
    const chain = await chainOf(ENTRIES);
    expect(await withTriggerOff(oldest(chain, 35))).toBe('done');
    tampered[chain] = 'entries before it were removed inside their retention';
    expect(await brokenChain(chain)).toMatchObject({
      problem: expect.stringMatching(/entries before it were removed inside their retention/),
    });
  });

  it('with the trigger off, audit:verify names a whole chain removed', async () => {
    const chain = await chainOf(ENTRIES);
    expect(await withTriggerOff(wholeChain(chain))).toBe('done');
    tampered[chain] = 'its entries were removed inside their retention';
    expect(await brokenChain(chain)).toMatchObject({
      entryId: null,
      problem: expect.stringMatching(/its entries were removed inside their retention/),
    });
  });

  it("audit:verify names a lockdown entry's words rewritten as an erasure with a fresh digest", async () => {
    const property = await seedProperty(t.app);
    const manager = await seedUser(t.app, { role: 'admin', propertyId: property.id });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${property.id}/lockdown`,
      payload: { reason: 'Intruder reported by Dana Whitfield' },
      headers: bearer(manager.token),
    });
    expect(started.statusCode).toBe(201);
    const [entry] = rowsOf<{ id: string; actor_name: string }>(
      await t.app.db.execute(
        sql`select * from activity where action = 'lockdown.start' and ${inChainSql(property.id)}`,
      ),
    );
    const erasure = rowsOf<{ n: number }>(
      await t.app.db.execute(
        sql`insert into erasures (user_id, erased_at) values (gen_random_uuid(), now()) returning n`,
      ),
    )[0].n;
    const words = {
      actorName: entry.actor_name,
      summary: `Started a lockdown: a test, nothing more (Erased person #${erasure})`,
      changes: {},
    };
    const forged = await attack(
      sql.raw(`set local gatehouse.activity_erasure = 'on'`),
      sql`update activity set summary = ${words.summary}, changes = '{}'::jsonb, erased_in = ${erasure},
        erased_digest = ${sha256Hex(canonicalWords(words))} where id = ${entry.id}`,
    );
    expect(forged).toBe('done');
    tampered[property.id] = `its mark of erasure #${erasure} is not the key's`;
    expect(await brokenChain(property.id)).toMatchObject({
      entryId: entry.id,
      problem: expect.stringMatching(/its mark of erasure #\d+ is not the key's/),
    });
  });

  it('npm run audit:verify names each of them (on PostgreSQL the command itself, as the app login, with the master secret)', async () => {
    const { lines, ok } = await auditReport(t.app.db, t.app.config.secret);
    const output = onPostgres ? await auditVerifyCommand() : lines.join('\n');
    expect(ok).toBe(false);
    for (const [propertyId, problem] of Object.entries(tampered)) {
      expect(output).toContain(`Broken: property ${propertyId}`);
      expect(output).toContain(problem);
    }
    expect(output).toMatch(/4 of \d+ chains broken/);
  });
});

/** `npm run audit:verify` as an operator runs it: DATABASE_URL (the app's login) and JWT_SECRET; exit code 1. */
async function auditVerifyCommand(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-verify-'));
  const child = spawn('npx', ['tsx', 'tools/audit-verify.ts'], {
    env: { ...process.env, DATABASE_URL: login.url ?? '', JWT_SECRET, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code, output).toBe(1);
  return output;
}
