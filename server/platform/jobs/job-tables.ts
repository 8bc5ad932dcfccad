// Relative imports, not '@core': drizzle-kit loads table files without the path alias.

import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz } from '../db/columns';

/**
 * Durable outbox of background work (email, SMS), written in the same transaction as its cause.
 * The payload holds references and sealed secrets only (server/platform/jobs/job-kind.ts), is set to null
 * once the job is done or given up, and finished rows are purged after a retention
 * (docs/decisions/0010-job-payloads-and-retention.md).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>(),
    runAt: tz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** Until when the worker holding lease_token owns the job; on the database clock, renewed while it runs. */
    lockedUntil: tz('locked_until'),
    /** Set at each claim; only the holder may renew the lease or finish the job. */
    leaseToken: uuid('lease_token'),
    lastError: text('last_error'),
    doneAt: tz('done_at'),
    failedAt: tz('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_pending_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    index('jobs_done_idx').on(t.doneAt).where(sql`${t.doneAt} is not null`),
    index('jobs_failed_idx').on(t.failedAt).where(sql`${t.failedAt} is not null`),
  ],
);
