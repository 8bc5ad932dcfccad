import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectPglite } from '../server/platform/db/connect';
import { properties } from '../server/property-records/property-tables';
import { spawnGatehouse } from '../test/support/gatehouse-process';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-backup-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** `npm run backup|restore -- FILE` as a person runs it, on DATA_DIR. */
function runTool(mode: 'backup' | 'restore', dataDir: string, file: string) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'tools/backup.ts', mode, file], {
    env: { ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('embedded database backup and restore', () => {
  it('round-trips the data and the generated secret into an empty data dir', { timeout: 120_000 }, async () => {
    const source = path.join(scratch, 'source');
    const database = await connectPglite(source);
    await database.orm.insert(properties).values({ propertyName: 'Backup Grove', propertyLocation: '1 Copy Lane' });
    await database.close();
    fs.writeFileSync(path.join(source, 'secret.key'), 'c2VjcmV0LWtleS1mb3ItdGhlLWJhY2t1cC10ZXN0');
    const file = path.join(scratch, 'gatehouse.backup');

    expect(runTool('backup', source, file)).toMatchObject({ status: 0 });
    const target = path.join(scratch, 'target');
    expect(runTool('restore', target, file)).toMatchObject({ status: 0 });

    const restored = await connectPglite(target);
    const rows = await restored.orm.select().from(properties).where(eq(properties.propertyName, 'Backup Grove'));
    await restored.close();
    expect(rows).toHaveLength(1);
    expect(fs.readFileSync(path.join(target, 'secret.key'), 'utf8')).toBe('c2VjcmV0LWtleS1mb3ItdGhlLWJhY2t1cC10ZXN0');

    const again = runTool('restore', target, file);
    expect(again.status).toBe(1);
    expect(again.output).toContain('already holds a database');
  });

  it('refuses to back up a data dir a running Gatehouse owns', { timeout: 240_000 }, async () => {
    const dataDir = path.join(scratch, 'live');
    const running = await spawnGatehouse({ dataDir });
    try {
      const answer = runTool('backup', dataDir, path.join(scratch, 'live.backup'));
      expect(answer.status).toBe(1);
      expect(answer.output).toContain('Another Gatehouse process');
    } finally {
      await running.stop();
    }
  });
});
