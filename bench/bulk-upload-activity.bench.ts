// What the activity trail costs the busiest write: the same 5,000-row upload through bulkUpload
// (server/bulk/bulk-upload.ts, what POST /api/resident/bulk-upload calls), once with its trail
// entry written in the upload's transaction as the route writes it (chain lock, last hash, one
// insert) and once with the record step doing nothing, in alternating order (on, off, off, on, ...)
// in one process against one database, so both see the same machine load. Jobs are stopped: the
// invitation emails the runs enqueue are not sent meanwhile.
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/bulk-upload-activity.bench.ts
import crypto from 'node:crypto';
import { users } from '../server/accounts/account-tables';
import { created } from '../server/activity/activity-changes';
import { recordSystemActivity } from '../server/activity/record-activity';
import { buildApp } from '../server/app/app';
import type { Caller } from '../server/authorization/caller';
import { bulkUpload } from '../server/bulk/bulk-upload';
import { connectPostgres } from '../server/platform/db/connect';
import { testConfig } from '../test/support/test-app';
import { benchUploadRows, insertBenchProperties } from './bulk-upload-seed';
import { benchDatabase, loadAverage, postgresVersion, writeResult } from './dashboard-bench-support';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value: number) => Math.round(value * 10) / 10;

async function main() {
  const target = await benchDatabase('gatehouse_bench_bulk_activity');
  const database = await connectPostgres(target.url, 10);
  const app = await buildApp(testConfig({ logLevel: 'silent' }), database);
  await app.ready();
  await app.jobs.stop();
  const made = await insertBenchProperties(database.orm);
  const [root] = await database.orm
    .insert(users)
    .values({
      firstName: 'Bench',
      lastName: 'Root',
      email: 'root@bench.example.com',
      role: 'superadmin',
      passwordHash: 'x',
    })
    .returning({ id: users.id });
  const caller: Caller = {
    userId: root.id,
    role: 'superadmin',
    propertyId: null,
    propertyFeatures: [],
    firstName: 'Bench',
    lastName: 'Root',
    email: 'root@bench.example.com',
    phoneNumber: null,
    sessionId: crypto.randomUUID(),
    sessionSeenAt: new Date(),
    secondFactorEnrolled: true,
    secondFactorPassed: true,
    propertyRequiresSecondFactor: false,
  };
  const rowsOfRun = (run: number) => benchUploadRows(ROWS, made, run);

  const runs: { trail: boolean; ms: number; recordMs: number | null }[] = [];
  const order = Array.from({ length: PAIRS }, (_, pair) => (pair % 2 ? [false, true] : [true, false])).flat();
  for (const [run, trail] of order.entries()) {
    let recordMs: number | null = null;
    const started = performance.now();
    const answer = await bulkUpload(app, caller, rowsOfRun(run), async (tx, counts) => {
      if (!trail) return;
      const recordStarted = performance.now();
      // The route's recordActivity with the request's address and agent; the same append.
      await recordSystemActivity(tx, app.config.secret, new Date(), {
        action: 'person.bulk-upload',
        summary: `Uploaded ${counts.rows} people: ${counts.created} invited, ${counts.failed} refused`,
        object: { kind: 'person', id: null, propertyId: counts.propertyId ?? caller.propertyId },
        changes: created({ rows: counts.rows, invited: counts.created, refused: counts.failed }),
      });
      recordMs = performance.now() - recordStarted;
    });
    const elapsed = performance.now() - started;
    if (answer.successfulUploads !== ROWS) throw new Error(`run ${run}: ${answer.failedUploads} refused`);
    runs.push({ trail, ms: ms(elapsed), recordMs: recordMs === null ? null : ms(recordMs) });
    console.log(runs.at(-1));
  }
  const on = runs.filter((run) => run.trail);
  const off = runs.filter((run) => !run.trail);
  const result = {
    benchmark: 'bulk upload, trail on and off',
    rows: ROWS,
    runs,
    medianMsTrailOn: ms(median(on.map((run) => run.ms))),
    medianMsTrailOff: ms(median(off.map((run) => run.ms))),
    medianRecordMs: ms(median(on.map((run) => run.recordMs ?? 0))),
    postgres: await postgresVersion(database.orm),
    loadAverageAtEnd: loadAverage(),
    at: new Date().toISOString(),
  };
  console.log(JSON.stringify(result));
  writeResult('bulk-upload-activity.json', result);
  await app.close();
  await database.close();
  await target.drop();
}

await main();
