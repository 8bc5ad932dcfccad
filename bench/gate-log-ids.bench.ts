// What a log row's id costs the write path on a large gate log (docs/decisions/0019): batches of
// 9 refused scans (the batch the QR decision sends under load) inserted into a 1,000,000-row
// relay_logs on real PostgreSQL, with random ids (UUIDv4, as before) and time-ordered ones (UUIDv7,
// newGateLogId) taken in turn, each round right after a CHECKPOINT, when every first change to a
// page writes the whole page to the WAL. Reports WAL bytes per row and milliseconds per batch.
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/gate-log-ids.bench.ts
import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { type GateLogEntry, insertGateLogRows, newGateLogId } from '../server/gate-log/gate-log-sink';
import { connectPostgres, type Orm } from '../server/platform/db/connect';
import { rowsOf } from '../server/platform/db/rows';
import { benchDatabase, postgresVersion, writeResult } from './dashboard-bench-support';
import { seedBenchLogs } from './gate-log-seed';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const BATCH = 9;
const BATCHES_PER_ROUND = Number(process.env.BENCH_BATCHES ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const refusal = (i: number, propertyId: string): GateLogEntry => ({
  timestamp: new Date(),
  callerType: 'visitor',
  status: 'failed',
  reason: 'This code is not valid at this time',
  credential: 'qr',
  propertyId,
  deviceId: null,
  visitorDetails: { firstName: `Visitor${i}`, lastName: 'Closed', email: `visitor${i}@example.test` },
  qrCodeDetails: { qrFirstName: `Visitor${i}`, qrLastName: 'Closed' },
  creatorDetails: { firstName: 'Resident', lastName: `Number${i}`, email: `r${i}@example.test`, phoneNumber: null },
  deviceDetails: { deviceName: 'Main Gate', deviceType: 'gate' },
  propertyDetails: { propertyName: 'Oak Ridge', propertyLocation: '12 Oak Road' },
});

async function walPosition(db: Orm): Promise<string> {
  return rowsOf<{ lsn: string }>(await db.execute(sql`select pg_current_wal_lsn()::text as lsn`))[0].lsn;
}

/** One round: a checkpoint, then BATCHES_PER_ROUND inserts with ids from `newId`. */
async function round(db: Orm, propertyId: string, newId: () => string) {
  await db.execute(sql`checkpoint`);
  const before = await walPosition(db);
  const started = performance.now();
  for (let b = 0; b < BATCHES_PER_ROUND; b++) {
    const rows = Array.from({ length: BATCH }, (_, i) => ({ id: newId(), entry: refusal(b * BATCH + i, propertyId) }));
    await insertGateLogRows(db, rows);
  }
  const ms = performance.now() - started;
  const after = await walPosition(db);
  const [{ bytes }] = rowsOf<{ bytes: string }>(
    await db.execute(sql`select pg_wal_lsn_diff(${after}::pg_lsn, ${before}::pg_lsn)::bigint::text as bytes`),
  );
  return {
    walBytesPerRow: Math.round(Number(bytes) / (BATCHES_PER_ROUND * BATCH)),
    msPerBatch: Math.round((ms / BATCHES_PER_ROUND) * 1000) / 1000,
  };
}

async function main() {
  const target = await benchDatabase('gatehouse_bench_relay_log_ids');
  const database = await connectPostgres(target.url, 2, 'unbounded');
  try {
    const db = database.orm;
    await seedBenchLogs(db, ROWS);
    const [{ id: propertyId }] = rowsOf<{ id: string }>(await db.execute(sql`select md5('property-7')::uuid as id`));
    const rounds: { random: Awaited<ReturnType<typeof round>>; timeOrdered: Awaited<ReturnType<typeof round>> }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const random = await round(db, propertyId, () => crypto.randomUUID());
      const timeOrdered = await round(db, propertyId, newGateLogId);
      console.log('random', JSON.stringify(random), 'time-ordered', JSON.stringify(timeOrdered));
      rounds.push({ random, timeOrdered });
    }
    writeResult('relay-log-ids.json', {
      measuredAt: new Date().toISOString(),
      postgres: await postgresVersion(db),
      cpus: os.cpus().length,
      seededRows: ROWS,
      rowsPerBatch: BATCH,
      batchesPerRound: BATCHES_PER_ROUND,
      rounds,
    });
    console.log('wrote bench/results/relay-log-ids.json');
  } finally {
    await database.close();
    await target.drop();
  }
}

await main();
