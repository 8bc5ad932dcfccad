import { BULK_MESSAGES } from '@core/bulk/bulk-messages';
import { insertPeople } from '../accounts/account-store';
import { invitationEmailJob, linkEmailPayloadOf } from '../identity/account-email-jobs';
import { createAccountTokens, INVITE_LIFETIME_MS } from '../identity/account-tokens';
import { inviteUser } from '../people/invite-user';
import type { Tx } from '../platform/db/connect';
import type { PlatformDeps } from '../platform/deps';
import { HttpError } from '../platform/errors/http-error';
import { featuresOfProperties } from '../property-records/property-queries';
import type { RowCandidate, RowFailure } from './bulk-rows';
import { chooseSecurePins } from './bulk-secure-pins';

/**
 * The rows' users, PINs, invitation tokens and invitation emails in three multi-row inserts.
 * All or nothing: any row the database refuses (an email or PIN taken since the checks, a property
 * deleted since) fails the whole insert, and the caller retries the rows one by one.
 */
async function inviteAll(deps: Pick<PlatformDeps, 'config' | 'jobs'>, tx: Tx, chunk: RowCandidate[]): Promise<void> {
  const propertyIds = [...new Set(chunk.map((row) => row.user.propertyId ?? ''))];
  const withPin = new Set(
    (await featuresOfProperties(tx, propertyIds))
      .filter((property) => property.features.includes('securepin'))
      .map((property) => property.id),
  );
  const pinRows = chunk.filter((row) => withPin.has(row.user.propertyId ?? '') && row.user.role !== 'superadmin');
  const pins = await chooseSecurePins(
    tx,
    deps.config.secret,
    pinRows.map((row) => row.user.propertyId ?? ''),
  );
  const pinOf = new Map(pinRows.map((row, i) => [row, pins.get(i)]));
  const now = deps.config.now();
  const created = await insertPeople(
    tx,
    chunk.map((row) => ({ ...row.user, ...pinOf.get(row), createdAt: now })),
  );
  // INSERT ... RETURNING gives rows back in the order of VALUES.
  const tokens = await createAccountTokens(
    tx,
    created.map((row) => row.id),
    { kind: 'invite', now, lifetimeMs: INVITE_LIFETIME_MS },
  );
  await deps.jobs.enqueueMany(
    tx,
    invitationEmailJob,
    created.map((row, i) => linkEmailPayloadOf(deps.config.secret, row.id, tokens[i])),
  );
}

const BULK_MESSAGE_OF_STATUS: Record<number, string> = {
  404: BULK_MESSAGES.propertyNotFound,
  409: BULK_MESSAGES.emailTaken,
};

/** Row by row, each failing alone with the upload's own message; a server error still aborts the chunk. */
async function inviteEach(
  deps: Pick<PlatformDeps, 'config' | 'jobs'>,
  tx: Tx,
  chunk: RowCandidate[],
  failures: RowFailure[],
) {
  let created = 0;
  for (const candidate of chunk) {
    try {
      await inviteUser(deps, tx, candidate.user);
      created++;
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      const message = BULK_MESSAGE_OF_STATUS[error.statusCode] ?? error.message;
      failures.push({ index: candidate.index, email: candidate.user.email, message });
    }
  }
  return created;
}

/**
 * Invites a chunk of already screened rows inside the upload's transaction: in batch when the
 * database accepts every row (the usual case), otherwise one by one so each row succeeds or fails
 * on its own. Either way every created user has exactly one invitation token and one invitation
 * email job.
 */
export async function inviteChunk(
  deps: Pick<PlatformDeps, 'config' | 'jobs'>,
  tx: Tx,
  chunk: RowCandidate[],
  failures: RowFailure[],
) {
  try {
    await tx.transaction((savepoint) => inviteAll(deps, savepoint, chunk));
    return chunk.length;
  } catch {
    return inviteEach(deps, tx, chunk, failures);
  }
}
