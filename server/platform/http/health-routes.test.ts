import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { SERVER_MESSAGES } from '../errors/server-messages';

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('health probes on a healthy database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/livez, /readyz and /healthz answer 200', async () => {
    for (const url of ['/livez', '/readyz', '/healthz']) {
      const answer = await get(t, url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.json(), url).toEqual({ status: 'ok' });
    }
  });

  it('stay out of the API document', async () => {
    const paths = Object.keys((await get(t, '/api/docs/json')).json().paths);
    expect(paths.filter((path) => /livez|readyz|healthz/.test(path))).toEqual([]);
  });
});

describe('health probes when the database falls short', () => {
  let t: TestApp;
  let databaseClosed = false;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    if (databaseClosed) await t.app.close();
    else await t.close();
  });

  it('/readyz and /healthz answer 503 when the newest migration is not applied; /livez stays 200', async () => {
    await t.app.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    for (const url of ['/readyz', '/healthz']) {
      const answer = await get(t, url);
      expect(answer.statusCode, url).toBe(503);
      expect(answer.json().message, url).toMatch(/missing migrations/);
    }
    expect((await get(t, '/livez')).statusCode).toBe(200);
  });

  it('/readyz answers 503 in words once the database is gone; /livez stays 200', async () => {
    await t.database.close();
    databaseClosed = true;
    const ready = await get(t, '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toBe(SERVER_MESSAGES.databaseUnavailable);
    expect((await get(t, '/livez')).statusCode).toBe(200);
  });
});
