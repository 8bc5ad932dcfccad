import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app/app';
import { connectPostgres, type Database, type Orm } from '../../server/platform/db/connect';
import { ReadRouting } from '../../server/platform/db/read-routing';
import { connectReplica } from '../../server/platform/db/replica-pool';
import { properties } from '../../server/property-records/property-tables';
import { startReplicaPair } from '../support/replica-pair';
import { bearer, seedProperty, seedUser, testConfig } from '../support/test-app';

/**
 * Heavy reads on a real streaming replica: a primary and replica of our own (initdb,
 * pg_basebackup -R, pg_ctl). Replay is paused on the replica to tell which database answered.
 */
let pair: Awaited<ReturnType<typeof startReplicaPair>>;
let primary: Database;
let replica: ReturnType<typeof connectReplica>;

beforeAll(async () => {
  pair = await startReplicaPair();
  primary = await connectPostgres(pair.primaryUrl);
  replica = connectReplica(pair.replicaUrl, 2);
});
afterAll(async () => {
  await replica?.close();
  await primary?.close();
  pair?.close();
});

const routing = (options: Partial<ConstructorParameters<typeof ReadRouting>[2]> = {}) =>
  new ReadRouting(primary.orm, replica, {
    maxLagMs: 300,
    restMs: 2_000,
    lagReadEveryMs: 0,
    now: () => new Date(),
    ...options,
  });

const seeded = async (name: string) =>
  (
    await primary.orm.insert(properties).values({ propertyName: name, propertyLocation: 'Replica Road' }).returning()
  )[0];
const find = (id: string) => (db: Orm) => db.select().from(properties).where(eq(properties.id, id));
const replay = (what: 'pause' | 'resume') =>
  replica.orm.execute(what === 'pause' ? sql`select pg_wal_replay_pause()` : sql`select pg_wal_replay_resume()`);

/**
 * Checks until true. A check that fails is tried again too: the schema is migrated on the primary
 * after the replica was made, and a loaded machine replays it late ("relation does not exist").
 */
async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  let failure: unknown = new Error('timed out');
  while (Date.now() < end) {
    try {
      if (await check()) return;
    } catch (error) {
      failure = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw failure;
}

describe('reads on a streaming replica', () => {
  it('reads the replica when it is caught up, and the primary when the caller asks for fresh', async () => {
    const reads = routing();
    const first = await seeded('Caught Up');
    await until(async () => (await reads.read(find(first.id))).length === 1);
    // A lag reading taken while a loaded machine replays can still say "behind" for a moment.
    await until(async () => (await reads.target()) === 'replica');

    await replay('pause');
    const second = await seeded('Written While Paused');
    // The replica has not replayed it: a read there misses it, a fresh read (the primary) sees it.
    expect(await replica.orm.select().from(properties).where(eq(properties.id, second.id))).toEqual([]);
    expect(await reads.read(find(second.id), { fresh: true })).toHaveLength(1);
    await replay('resume');
    await until(async () => (await reads.read(find(second.id))).length === 1);
  });

  it('reads the primary while the replica lags more than allowed, and the replica again once it catches up', async () => {
    const reads = routing();
    await replay('pause');
    const late = await seeded('Lagging');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await reads.target()).toBe('primary');
    expect(await reads.read(find(late.id))).toHaveLength(1);
    await replay('resume');
    await until(async () => (await reads.target()) === 'replica');
    expect(await reads.read(find(late.id))).toHaveLength(1);
  });

  it('falls back to the primary at once when the replica is down, and goes back once it returns', async () => {
    const reads = routing({ restMs: 500 });
    const row = await seeded('Outage');
    await until(async () => (await reads.target()) === 'replica');
    pair.stopReplica();
    // The read that finds the replica gone is answered by the primary (bounded by the usual
    // connection timeout, DATABASE_TIMEOUTS.connectMs), and the replica rests.
    expect(await reads.read(find(row.id))).toHaveLength(1);
    expect(await reads.target()).toBe('primary');
    pair.startReplica();
    await until(async () => (await reads.target()) === 'replica', 20_000);
    expect(await reads.read(find(row.id))).toHaveLength(1);
  });

  it('never reads a promoted or stand-alone server as a replica', async () => {
    const notAReplica = new ReadRouting(
      primary.orm,
      { orm: primary.orm, close: async () => {} },
      {
        maxLagMs: 300,
        restMs: 2_000,
        lagReadEveryMs: 0,
        now: () => new Date(),
      },
    );
    expect(await notAReplica.target()).toBe('primary');
  });
});

describe('the app with DATABASE_READ_URL', () => {
  it("reads the dashboard list on the replica, and a caller's own change back from the primary", async () => {
    const app = await buildApp(
      testConfig({ databaseUrl: pair.primaryUrl, databaseReadUrl: pair.replicaUrl }),
      await connectPostgres(pair.primaryUrl),
    );
    try {
      await app.ready();
      const property = await seedProperty(app);
      const manager = await seedUser(app, { role: 'admin', propertyId: property.id });
      const resident = await seedUser(app, { role: 'resident', propertyId: property.id, firstName: 'Before' });
      const list = (cookie?: string) =>
        app.inject({
          method: 'GET',
          url: `/api/resident/get-all?search=${resident.email}`,
          headers: { ...bearer(manager.token), ...(cookie ? { cookie } : {}) },
        });
      const firstNames = async (cookie?: string) =>
        (await list(cookie)).json().users.map((user: { firstName: string }) => user.firstName);
      await until(async () => (await firstNames()).includes('Before'));

      await replay('pause');
      const change = await app.inject({
        method: 'POST',
        url: '/api/resident/update',
        headers: bearer(manager.token),
        payload: { _id: resident.id, firstName: 'After', lastName: 'Resident', email: resident.email },
      });
      expect(change.statusCode).toBe(200);
      const cookie = String(change.headers['set-cookie']).split(';')[0];
      expect(cookie).toMatch(/^gh_fresh_until=\d+$/);
      // The replica has not replayed the change; the person who made it reads it from the primary.
      expect(await firstNames()).toEqual(['Before']);
      expect(await firstNames(cookie)).toEqual(['After']);
      await replay('resume');
      await until(async () => (await firstNames()).includes('After'));
    } finally {
      await app.close();
      await app.database.close();
    }
  });
});
