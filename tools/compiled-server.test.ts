import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PREPARATION_MESSAGE } from '../server/platform/db/first-preparation';
import {
  type FreshPostgres,
  freshPostgresDatabase,
  type GatehouseProcess,
  spawnGatehouse,
  TEST_SUPERADMIN,
} from '../test/support/gatehouse-process';

// The build `npm start` runs: one bundle with most packages inside and a few loaded from
// node_modules, split into chunks some of which load only when first needed (database drivers,
// MQTT, mail). Each of those paths is driven here through the compiled files, on this suite's database.
const outdir = path.join('dist', `compiled-server-test-${process.env.DB_KIND}-${process.pid}`);
let fresh: FreshPostgres | undefined;
let server: GatehouseProcess;

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['tools/build-server.mjs', outdir], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
  if (process.env.DB_KIND === 'postgres') fresh = await freshPostgresDatabase('gatehouse_compiled');
  server = await spawnGatehouse({
    compiledEntry: path.join(outdir, 'main.mjs'),
    databaseUrl: fresh?.url,
    env: { MQTT_URL: 'mqtt://127.0.0.1:1883', SMTP_URL: '', API_DOCS: '1' },
  });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await fresh?.drop();
  fs.rmSync(outdir, { recursive: true, force: true });
});

const post = (url: string, body: unknown) =>
  fetch(`${server.baseURL}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the compiled server', () => {
  it('is ready on its database, with the migrations applied', async () => {
    const ready = await fetch(`${server.baseURL}/readyz`);
    expect(ready.status).toBe(200);
  });

  it('ships a migrated, empty embedded database beside itself, and said it was preparing its new database', () => {
    expect(fs.statSync(path.join(outdir, 'empty-database.tar.gz')).size).toBeGreaterThan(0);
    expect(server.output()).toContain(FIRST_PREPARATION_MESSAGE);
  });

  it('signs the administrator in, and refuses a wrong password in words', async () => {
    const signIn = await post('/api/resident/login', { ...TEST_SUPERADMIN, userType: 'superadmin' });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toHaveProperty('token');
    const wrong = await post('/api/resident/login', { ...TEST_SUPERADMIN, password: 'not-it', userType: 'superadmin' });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toMatch(/\w+ \w+/);
  });

  it('writes a password reset email through the mail library it loads on first use', async () => {
    const answer = await post('/api/resident/request-password-reset', { email: TEST_SUPERADMIN.email });
    expect(answer.status).toBe(200);
    const outbox = path.join(server.dataDir, 'mail');
    await expect.poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0), { timeout: 20_000 }).toBe(1);
  });

  it('serves its API description with every route', async () => {
    const docs = await fetch(`${server.baseURL}/api/docs/json`);
    expect(docs.status).toBe(200);
    const { paths } = (await docs.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/access/qr', '/api/delivery-pass/{passToken}']));
  });

  it('connected to the MQTT broker through the client it loads only when one is configured', () => {
    // Printed when the first connection takes over 3 s; the server had listened only after it.
    expect(server.output()).not.toContain('MQTT broker not reachable yet');
  });
});
