import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedClusterProperty } from '../../test/support/cluster-seed';
import { createTestDatabase } from '../../test/support/test-database';
import { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';
import { commitGateLog } from '../gate-log/gate-log-sink';
import { sha256Hex } from '../platform/crypto/keys';
import type { Database } from '../platform/db/connect';
import { findScan } from './qr-queries';

// Only PostgreSQL keeps named prepared statements; the PGlite driver sends each query unnamed.
const onPostgres = process.env.DB_KIND === 'postgres';
let database: Database;
let deviceKeyHash: string;
const simulator = new RelaySimulator();

beforeAll(async () => {
  database = await createTestDatabase();
  const [gate] = await seedClusterProperty(database.orm, simulator, { codes: 20_000, openCodes: 10, gates: 1 });
  deviceKeyHash = sha256Hex(gate.key);
});
afterAll(async () => {
  await simulator.close();
  await database.close();
});

async function plansOf(statement: string) {
  const answer = (await database.orm.execute(
    sql`select coalesce(sum(generic_plans), 0)::int as generic, coalesce(sum(custom_plans), 0)::int as custom
        from pg_prepared_statements where name = ${statement}`,
  )) as unknown as { rows: { generic: number; custom: number }[] };
  return answer.rows[0];
}

it('answers every scan of a burst larger than one lookup with its own code, or none', async () => {
  const tokens = Array.from({ length: 30 }, (_, i) => (i % 5 === 4 ? `no-such-code-${i}` : `closed-${i + 1}`));
  const found = await Promise.all(tokens.map((token) => findScan(database.orm, token, deviceKeyHash)));
  const lastNames = found.map((scan) => scan?.scanned?.code.qrLastName ?? null);
  expect(lastNames).toEqual(
    tokens.map((token) => (token.startsWith('closed-') ? token.slice('closed-'.length) : null)),
  );
  const unknownKey = await Promise.all(tokens.slice(0, 10).map((token) => findScan(database.orm, token, 'unknown')));
  expect(unknownKey).toEqual(tokens.slice(0, 10).map(() => null));
});

// The gate path's two statements are prepared once and must keep one generic plan: a statement
// planned again at every execution cost the database more than running it (bench/access-qr.bench.ts).
it.runIf(onPostgres)(
  'looks up batches of scans and writes their log rows without planning either statement again',
  async () => {
    for (let batch = 0; batch < 20; batch++) {
      const scans = Array.from({ length: 6 }, (_, i) =>
        findScan(database.orm, `closed-${batch * 6 + i + 1}`, deviceKeyHash),
      );
      const found = await Promise.all(scans);
      expect(found.every((scan) => scan?.scanned?.code.qrLastName)).toBe(true);
      await Promise.all(
        found.map((scan) =>
          commitGateLog(database.orm, {
            timestamp: new Date(),
            callerType: 'visitor',
            status: 'failed',
            propertyId: scan?.device.propertyId ?? null,
            deviceId: scan?.device.id ?? null,
          }),
        ),
      );
    }
    const lookup = await plansOf('access_qr_find_scans');
    const insert = await plansOf('relay_log_insert_rows');
    // PostgreSQL tries a statement's first five executions with custom plans, then keeps the
    // generic plan if it is no dearer.
    expect(lookup.custom).toBeLessThanOrEqual(5);
    expect(lookup.generic).toBeGreaterThan(10);
    expect(insert.custom).toBeLessThanOrEqual(5);
    expect(insert.generic).toBeGreaterThan(10);
  },
);
