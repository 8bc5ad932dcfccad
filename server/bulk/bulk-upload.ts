import type { BulkUploadResponse, BulkUserRowInput } from '@core/api/bulk';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../auth/caller';
import { inviteChunk } from './bulk-invite-chunk';
import { checkAgainstDatabase, type RowCandidate, screenRows } from './bulk-rows';

// Rows per transaction: bounded lock time and memory, few commits.
const ROWS_PER_TRANSACTION = 250;
// Transactions in flight at once on PostgreSQL; PGlite has one connection, so one.
const PARALLEL_TRANSACTIONS = 4;

/**
 * POST /api/resident/bulk-upload: every row succeeds or fails on its own; each created user gets
 * the invitation email through the job outbox.
 */
export async function bulkUpload(
  app: FastifyInstance,
  caller: Caller,
  rows: BulkUserRowInput[],
): Promise<BulkUploadResponse> {
  const screened = screenRows(rows, caller);
  const checked = await checkAgainstDatabase(app.db, screened.candidates);
  const failures = [...screened.failures, ...checked.failures];
  const chunks: RowCandidate[][] = [];
  for (let start = 0; start < checked.accepted.length; start += ROWS_PER_TRANSACTION) {
    chunks.push(checked.accepted.slice(start, start + ROWS_PER_TRANSACTION));
  }
  const lanes = app.database.kind === 'postgres' ? PARALLEL_TRANSACTIONS : 1;
  let successfulUploads = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        const created = await inviteChunk(app, chunk, failures);
        successfulUploads += created;
      }
    }),
  );
  if (successfulUploads) void app.jobs.kick();
  failures.sort((a, b) => a.index - b.index);
  return {
    successfulUploads,
    failedUploads: failures.length,
    errors: failures.map(({ email, message }) => ({ email, message })),
  };
}
