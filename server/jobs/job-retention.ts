import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from '../db/connect';

const DAY_MS = 24 * 3600 * 1000;

/** How long finished jobs stay (docs/decisions/0140-job-payloads-and-retention.md). */
export const JOB_RETENTION = { doneDays: 7, failedDays: 30 };

const PURGE_BATCH = 1000;
// Per purge run, so one run stays short; a larger backlog goes at the next run.
const PURGE_MAX_BATCHES = 20;

async function deleteInBatches(db: Orm, finishedBefore: SQL): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < PURGE_MAX_BATCHES; batch++) {
    const result = await db.execute(sql`
      delete from jobs where id in (
        select id from jobs where ${finishedBefore} limit ${PURGE_BATCH} for update skip locked)
      returning id`);
    const deleted = (result as unknown as { rows: unknown[] }).rows.length;
    total += deleted;
    if (deleted < PURGE_BATCH) break;
  }
  return total;
}

/** Deletes jobs done more than 7 days and failed more than 30 days before `now`; returns how many. */
export async function purgeFinishedJobs(db: Orm, now: Date): Promise<number> {
  const doneBefore = new Date(now.getTime() - JOB_RETENTION.doneDays * DAY_MS).toISOString();
  const failedBefore = new Date(now.getTime() - JOB_RETENTION.failedDays * DAY_MS).toISOString();
  return (
    (await deleteInBatches(db, sql`done_at < ${doneBefore}::timestamptz`)) +
    (await deleteInBatches(db, sql`failed_at < ${failedBefore}::timestamptz`))
  );
}
