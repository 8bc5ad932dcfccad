import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionFailure, isDatabaseUnavailable } from '../../server/platform/db/database-unavailable';
import { type FreezableTcpProxy, startFreezableTcpProxy } from '../support/freezable-tcp-proxy';
import { freePort } from '../support/gatehouse-process';

// The real driver's errors, so an upgrade of pg that rewords them fails here, not in production.
const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

let proxy: FreezableTcpProxy;
beforeAll(async () => {
  proxy = await startFreezableTcpProxy({ host: serverUrl.hostname, port: Number(serverUrl.port || 5432) });
});
afterAll(() => proxy.close());

function poolThroughProxy() {
  const url = new URL(serverUrl);
  url.host = `127.0.0.1:${proxy.port}`;
  return new pg.Pool({ connectionString: url.toString(), max: 1, connectionTimeoutMillis: 300, query_timeout: 300 });
}

describe('database errors, as the driver raises them', () => {
  it('a stalled connection (no answer to a query, or to connecting) is a connection failure', async () => {
    const pool = poolThroughProxy();
    pool.on('error', () => {});
    await pool.query('select 1');
    proxy.freeze();
    try {
      const readTimeout = await failureOf(drizzle(pool).execute(sql`select 1`));
      const connectTimeout = await failureOf(pool.query('select 1'));
      for (const error of [readTimeout, connectTimeout]) {
        expect(isConnectionFailure(error), String(error)).toBe(true);
        expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      }
    } finally {
      proxy.resume();
      await pool.end();
    }
  });

  it('a refused connection is a connection failure', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await freePort(), connectionTimeoutMillis: 2_000 });
    const refused = await failureOf(client.connect());
    expect(isConnectionFailure(refused)).toBe(true);
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it('a statement the server cancels for time means "unavailable", on a connection still usable', async () => {
    const client = new pg.Client({ connectionString: serverUrl.toString(), statement_timeout: 50 });
    await client.connect();
    try {
      const cancelled = await failureOf(client.query('select pg_sleep(1)'));
      expect(isDatabaseUnavailable(cancelled)).toBe(true);
      expect(isConnectionFailure(cancelled)).toBe(false);
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });

  it('a wrong statement or a broken constraint is neither', async () => {
    const client = new pg.Client({ connectionString: serverUrl.toString() });
    await client.connect();
    try {
      const errors = [
        await failureOf(drizzle(client).execute(sql`select * from no_such_table`)),
        await failureOf(
          client.query('create temporary table once (id int primary key); insert into once values (1), (1)'),
        ),
        await failureOf(client.query('select 1/0')),
      ];
      for (const error of errors) {
        expect(isDatabaseUnavailable(error), String(error)).toBe(false);
        expect(isConnectionFailure(error), String(error)).toBe(false);
      }
    } finally {
      await client.end();
    }
  });
});
