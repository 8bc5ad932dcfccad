import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../server/platform/errors/server-messages';
import { HEALTH_ANSWER_BOUND_MS } from '../../server/platform/http/health-routes';
import { type FreezableTcpProxy, startFreezableTcpProxy } from '../support/freezable-tcp-proxy';
import {
  type FreshPostgres,
  freshPostgresDatabase,
  type GatehouseProcess,
  spawnGatehouse,
  TEST_SUPERADMIN,
} from '../support/gatehouse-process';

/**
 * The test's own guard against a request that hangs: far above the database timeouts, far
 * below "forever". Only a hang trips it; it measures nothing.
 */
const HANG_GUARD_MS = 30_000;
/**
 * A small pool, so that a few connections lost to each stall would use it up: the process
 * must give back every connection a stall touched, or it does not come back by itself.
 */
const POOL_SIZE = 2;
const STALLS = 2;

let database: FreshPostgres;
let proxy: FreezableTcpProxy;
let gatehouse: GatehouseProcess;

beforeAll(async () => {
  database = await freshPostgresDatabase('gatehouse_stall');
  const server = new URL(database.url);
  proxy = await startFreezableTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const throughProxy = new URL(database.url);
  throughProxy.host = `127.0.0.1:${proxy.port}`;
  gatehouse = await spawnGatehouse({
    databaseUrl: throughProxy.toString(),
    // No background job polls: the idle connections at each freeze are left to the requests below.
    env: { DATABASE_POOL_SIZE: String(POOL_SIZE), JOB_POLL_MS: '60000' },
  });
});

afterAll(async () => {
  await gatehouse?.stop('SIGKILL');
  await proxy?.close();
  await database?.drop();
});

const get = (path: string, guardMs: number) =>
  fetch(`${gatehouse.baseURL}${path}`, { signal: AbortSignal.timeout(guardMs) });

const post = (path: string, body: unknown) =>
  fetch(`${gatehouse.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(HANG_GUARD_MS),
  });

const signIn = () =>
  post('/api/resident/login', {
    email: TEST_SUPERADMIN.email,
    password: TEST_SUPERADMIN.password,
    userType: 'superadmin',
  });
/** A public route whose first statement is BEGIN: a transaction on a pooled connection. */
const requestReset = () => post('/api/resident/request-password-reset', { email: 'nobody@gatehouse.test' });

describe('a database whose connection stalls (TCP open, nothing answers)', () => {
  it(`answers 503 while frozen and 200 again once it resumes, without a restart (${STALLS} stalls)`, async () => {
    for (let stall = 0; stall < STALLS; stall++) {
      // Leaves a connection idle in the pool, healthy-looking when the freeze comes.
      expect((await signIn()).status).toBe(200);

      proxy.freeze();
      const refused = await Promise.all([requestReset(), requestReset(), signIn()]);
      for (const answer of refused) {
        expect(answer.status).toBe(503);
        expect(await answer.json()).toEqual({
          message: SERVER_MESSAGES.databaseUnavailable,
          requestId: expect.any(String),
        });
      }
      for (const path of ['/readyz', '/healthz']) {
        const answer = await get(path, HEALTH_ANSWER_BOUND_MS);
        expect(answer.status, path).toBe(503);
        expect((await answer.json()).status, path).toBe('unavailable');
      }
      expect((await get('/livez', HEALTH_ANSWER_BOUND_MS)).status).toBe(200);

      proxy.resume();
      for (const path of ['/readyz', '/healthz', '/livez']) {
        expect((await get(path, HEALTH_ANSWER_BOUND_MS)).status, path).toBe(200);
      }
      for (let call = 0; call < 2 * POOL_SIZE; call++) expect((await signIn()).status).toBe(200);
      expect((await requestReset()).status).toBe(200);
    }
    expect(gatehouse.child.exitCode).toBeNull();
  });
});
