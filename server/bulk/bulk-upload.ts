import type { BulkUploadResponse, BulkUserRowInput } from '@core/api/bulk';
import type { Caller } from '../authorization/caller';
import type { Queryable } from '../platform/db/connect';
import type { PlatformDeps } from '../platform/deps';
import { inviteChunk } from './bulk-invite-chunk';
import { checkAgainstDatabase, type RowCandidate, screenRows } from './bulk-rows';

/** What an upload did, as the activity trail keeps it: counts, never one entry per row. */
export interface BulkUploadCounts {
  rows: number;
  created: number;
  failed: number;
  /** The one property every accepted row joins, or null when they join several (or none). */
  propertyId: string | null;
}

// Rows per multi-row insert (and per savepoint): bounded statement size, few round trips.
const ROWS_PER_CHUNK = 250;

/**
 * POST /api/resident/bulk-upload: every row succeeds or fails on its own; each created user gets
 * the invitation email through the job outbox. The whole upload is one transaction, so a crash
 * or a database failure midway leaves nothing of it, never half an upload.
 */
export async function bulkUpload(
  deps: Pick<PlatformDeps, 'config' | 'db' | 'jobs'>,
  caller: Caller,
  rows: BulkUserRowInput[],
  /** Records the upload in the activity trail, in its transaction. */
  record: (tx: Queryable, counts: BulkUploadCounts) => Promise<unknown>,
): Promise<BulkUploadResponse> {
  const screened = screenRows(rows, caller);
  const checked = await checkAgainstDatabase(deps.db, screened.candidates);
  const failures = [...screened.failures, ...checked.failures];
  const chunks: RowCandidate[][] = [];
  for (let start = 0; start < checked.accepted.length; start += ROWS_PER_CHUNK) {
    chunks.push(checked.accepted.slice(start, start + ROWS_PER_CHUNK));
  }
  const successfulUploads = await deps.db.transaction(async (tx) => {
    let created = 0;
    for (const chunk of chunks) created += await inviteChunk(deps, tx, chunk, failures);
    const properties = new Set(checked.accepted.map((candidate) => candidate.user.propertyId ?? null));
    await record(tx, {
      rows: rows.length,
      created,
      failed: failures.length,
      propertyId: properties.size === 1 ? [...properties][0] : null,
    });
    return created;
  });
  if (successfulUploads) void deps.jobs.kick();
  failures.sort((a, b) => a.index - b.index);
  return {
    successfulUploads,
    failedUploads: failures.length,
    errors: failures.map(({ index, email, message }) => ({ row: index, email, message })),
  };
}
