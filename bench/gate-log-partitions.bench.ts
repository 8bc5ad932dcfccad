// The gate log's move to monthly partitions and its retention, on real PostgreSQL, while gates
// write (docs/decisions/0052). A database as the build before migration 0033 left it is seeded
// with BENCH_ROWS events over three years (one INSERT ... SELECT); a "gate" then writes as the gate
// path does (a pending opening, then its outcome) without pause while, in turn: the migrations run,
// the upkeep moves the old rows in batches, the upkeep gives every event its subject and builds each
// month's indexes (migration 0038), whole months past every retention are dropped, and
// properties with a shorter retention lose their older events in batches of 1,000, 5,000 and
// 20,000. Each phase reports its time and how long each gate write waited (p50, p99, max).
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_ROWS=10000000 npx tsx bench/gate-log-partitions.bench.ts
// (results in bench/results/gate-log-partitions-<rows>.md)
// BENCH_RETENTION_ONLY=1 seeds straight into the month tables of today's schema and measures only
// retention (the move at 10M rows takes longer than a shared machine can spare):
// results in bench/results/gate-log-retention-<rows>.md
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { createMonths } from '../server/gate-log/gate-log-partitions';
import { removeOldGateEvents } from '../server/gate-log/gate-log-retention';
import { commitOpeningOutcome, commitPendingOpening, newGateLogId } from '../server/gate-log/gate-log-sink';
import { KEYING_BATCH, keyGateLogSubjects } from '../server/gate-log/gate-log-subject-upgrade';
import { moveOldLogRows, UPGRADE_BATCH } from '../server/gate-log/gate-log-upgrade';
import type { Orm } from '../server/platform/db/connect';
import { rowsOf } from '../server/platform/db/rows';
import { databaseBefore } from '../test/support/migrated-until';
import { loadAverage, postgresVersion, writeResult } from './dashboard-bench-support';
import { seedBenchLogs } from './gate-log-seed';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SPAN_DAYS = 3 * 365;
const PROPERTIES = 50;
const RETENTION_ONLY = process.env.BENCH_RETENTION_ONLY === '1';
const RESULT = `gate-log-${RETENTION_ONLY ? 'retention' : 'partitions'}-${ROWS >= 1_000_000 ? `${ROWS / 1_000_000}m` : `${ROWS / 1000}k`}.md`;

interface Phase {
  phase: string;
  seconds: number;
  detail?: string;
  gateWrites: number;
  gateFailures: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * The pending row as the build before the upgrade wrote it (no subject: its schema had none), a
 * statement both schemas take, so the gate writes on while the migrations run.
 */
async function oldBuildPending(db: Orm, propertyId: string): Promise<string> {
  const id = newGateLogId();
  await db.execute(sql`
    with in_flight as (
      insert into openings_in_flight (log_id, lease_until) values (${id}, now() + interval '30 seconds')
    )
    insert into relay_logs (id, "timestamp", property_id, caller_type, status, credential)
    values (${id}, now(), ${propertyId}, 'user', 'pending', 'remote')`);
  return id;
}

/**
 * One gate after another, as the gate path writes its log: the pending row, then the outcome; as
 * the old build until `newBuild()`, then through today's sink.
 */
function startGate(db: Orm, propertyId: string, oldBuild: boolean) {
  let running = true;
  let samples: number[] = [];
  let failures = 0;
  let asOldBuild = oldBuild;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const entry = {
          timestamp: new Date(),
          callerType: 'user' as const,
          status: 'pending' as const,
          propertyId,
          deviceId: null,
          credential: 'remote' as const,
        };
        const id = asOldBuild
          ? await oldBuildPending(db, propertyId)
          : await commitPendingOpening(db, entry, new Date(Date.now() + 30_000));
        await commitOpeningOutcome(db, {
          id,
          status: 'success',
          reason: null,
          relayOperations: [],
          totalDurationMs: 5,
        });
      } catch {
        failures++;
      }
      samples.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    /** From now on the gate runs today's build (the upgrade's migrations are in). */
    newBuild() {
      asOldBuild = false;
    },
    /** The waits since the last call, and starts over. */
    take() {
      const taken = samples.sort((a, b) => a - b);
      const at = (q: number) =>
        Math.round((taken[Math.min(taken.length - 1, Math.ceil(q * taken.length) - 1)] ?? 0) * 100) / 100;
      const result = {
        gateWrites: taken.length,
        gateFailures: failures,
        p50Ms: at(0.5),
        p99Ms: at(0.99),
        maxMs: at(1),
      };
      samples = [];
      failures = 0;
      return result;
    },
    async stop() {
      running = false;
      await done;
    },
  };
}

async function main() {
  process.env.DB_KIND = 'postgres';
  const database = await databaseBefore('0033_relay_log_partitions');
  const db = database.orm;
  const phases: Phase[] = [];
  const started = { seed: performance.now() };
  const report = (title: string) => {
    writeResult(RESULT, renderReport(title, phases));
  };
  try {
    await db.execute(sql`
      insert into properties (id, property_name, property_location)
      select md5('property-' || k)::uuid, 'Property ' || k, k || ' Main Street' from generate_series(0, ${PROPERTIES - 1}::int) as k`);
    if (RETENTION_ONLY) {
      await database.upgrade();
      await createMonths(db, new Date(Date.now() - (SPAN_DAYS + 31) * 86_400_000), new Date());
    }
    await seedBenchLogs(db, ROWS, SPAN_DAYS);
    const seedSeconds = (performance.now() - started.seed) / 1000;
    const [{ id: gateProperty }] = rowsOf<{ id: string }>(await db.execute(sql`select md5('property-7')::uuid as id`));
    const gate = startGate(db, gateProperty, !RETENTION_ONLY);
    const measure = async (phase: string, work: () => Promise<string | undefined>) => {
      gate.take();
      const t0 = performance.now();
      const detail = await work();
      phases.push({ phase, seconds: Math.round((performance.now() - t0) / 10) / 100, detail, ...gate.take() });
      console.log(JSON.stringify(phases.at(-1)));
      report(`${ROWS.toLocaleString('en-US')} rows, seeded in ${Math.round(seedSeconds)} s`);
    };
    if (RETENTION_ONLY) await measure('before: partitioned log, nothing else running', idle);
    else await upgradeAndMove(measure, database, db, gate);
    const now = new Date();
    await measure('retention: whole months past every property (24 months) dropped', async () => {
      const result = await removeOldGateEvents(db, now);
      const removed = [...result.removed.values()].reduce((a, b) => a + b, 0);
      return `${result.droppedMonths.length} months, ${removed.toLocaleString('en-US')} rows`;
    });
    const stages = [
      { batch: 1000, from: 0, to: 3 },
      { batch: 5000, from: 3, to: 6 },
      { batch: 20000, from: 6, to: 9 },
    ];
    for (const stage of stages) {
      await db.execute(sql`
        update properties set gate_event_retention_months = 12
        where id in (select md5('property-' || k)::uuid from generate_series(${stage.from}::int, ${stage.to - 1}::int) as k)`);
      await measure(`retention: 3 properties to 12 months, batches of ${stage.batch}`, async () => {
        const t0 = performance.now();
        const result = await removeOldGateEvents(db, now, { batch: stage.batch });
        const removed = [...result.removed.values()].reduce((a, b) => a + b, 0);
        const rate = Math.round(removed / ((performance.now() - t0) / 1000));
        return `${removed.toLocaleString('en-US')} rows, ${rate.toLocaleString('en-US')} rows/s`;
      });
    }
    await gate.stop();
    report(`${ROWS.toLocaleString('en-US')} rows, seeded in ${Math.round(seedSeconds)} s`);
    console.log(`wrote bench/results/${RESULT}`);
    console.log(await postgresVersion(db));
  } finally {
    await database.close();
  }
}

type Measure = (phase: string, work: () => Promise<string | undefined>) => Promise<void>;

const idle = async () => {
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  return undefined;
};

/** The phases of an upgrade: the migration, then the upkeep moving every old row into its month. */
async function upgradeAndMove(
  measure: Measure,
  database: { upgrade(): Promise<void> },
  db: Orm,
  gate: { newBuild(): void },
) {
  await measure('before: unpartitioned log, nothing else running', idle);
  await measure(
    'migrations 0033 to today (rename, new partitioned table, 4 month tables, subjects declared)',
    async () => {
      await database.upgrade();
      gate.newBuild();
      return undefined;
    },
  );
  await measure(`upkeep moves the old rows (batches of ${UPGRADE_BATCH})`, async () => {
    const t0 = performance.now();
    const moved = await moveOldLogRows(db);
    const rate = Math.round(moved.moved / ((performance.now() - t0) / 1000));
    return `${moved.moved.toLocaleString('en-US')} rows, ${rate.toLocaleString('en-US')} rows/s`;
  });
  await measure(
    `upkeep gives every event its subject and builds each month's indexes (batches of ${KEYING_BATCH})`,
    async () => {
      const t0 = performance.now();
      const keying = await keyGateLogSubjects(db);
      const rate = Math.round(keying.keyed / ((performance.now() - t0) / 1000));
      return `${keying.keyed.toLocaleString('en-US')} rows, ${rate.toLocaleString('en-US')} rows/s, ${keying.finished ? 'old indexes dropped' : 'not finished'}`;
    },
  );
}

function renderReport(title: string, phases: Phase[]) {
  const lines = [
    `# Gate log partitions and retention: ${title}`,
    '',
    `Measured ${new Date().toISOString()} on PostgreSQL, ${os.cpus().length} cores shared with other work (load ${loadAverage().join(', ')}).`,
    'A gate writes without pause (a pending opening, then its outcome, 5 ms apart) through every phase;',
    'the columns are how long those writes took. Command at the top of bench/gate-log-partitions.bench.ts.',
    '',
    '| phase | seconds | what | gate writes | failed | p50 ms | p99 ms | max ms |',
    '|---|---|---|---|---|---|---|---|',
    ...phases.map(
      (p) =>
        `| ${p.phase} | ${p.seconds} | ${p.detail ?? ''} | ${p.gateWrites} | ${p.gateFailures} | ${p.p50Ms} | ${p.p99Ms} | ${p.maxMs} |`,
    ),
    '',
  ];
  return lines.join('\n');
}

await main();
