import { sql } from 'drizzle-orm';
import type { Orm } from '../db/connect';
import { deleteInBatches } from '../db/delete-in-batches';

const DAY_MS = 24 * 3600 * 1000;

/** How long finished jobs stay (docs/decisions/0010-job-payloads-and-retention.md). */
export const JOB_RETENTION = { doneDays: 7, failedDays: 30 };

/** Deletes jobs done more than 7 days and failed more than 30 days before `now`; returns how many. */
export async function purgeFinishedJobs(db: Orm, now: Date): Promise<number> {
  const doneBefore = new Date(now.getTime() - JOB_RETENTION.doneDays * DAY_MS).toISOString();
  const failedBefore = new Date(now.getTime() - JOB_RETENTION.failedDays * DAY_MS).toISOString();
  return (
    (await deleteInBatches(db, 'jobs', sql`done_at < ${doneBefore}::timestamptz`)) +
    (await deleteInBatches(db, 'jobs', sql`failed_at < ${failedBefore}::timestamptz`))
  );
}
