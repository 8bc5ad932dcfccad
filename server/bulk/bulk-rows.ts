import type { BulkUploadError, BulkUserRowInput } from '@core/api/bulk';
import { BULK_MESSAGES } from '@core/bulk/bulk-messages';
import { type BulkRow, firstBulkRowError, normalizeBulkRole } from '@core/bulk/bulk-row';
import type { Role } from '@core/roles';
import { normalizeEmail } from '@core/validation/email-text';
import { toStoredPhone } from '@core/validation/phone';
import { takenEmails } from '../accounts/account-store';
import type { Caller } from '../authorization/caller';
import type { NewUser } from '../people/invite-user';
import type { Queryable } from '../platform/db/connect';
import { featuresOfProperties } from '../property-records/property-queries';

export interface RowFailure extends Omit<BulkUploadError, 'row'> {
  index: number;
}

export interface RowCandidate {
  index: number;
  user: NewUser;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOOKUP_CHUNK = 1000;

/** The row as the uploader may send it: an admin's rows are residents of their own property. */
function rowFor(input: BulkUserRowInput, caller: Caller): BulkRow {
  const text = (value: string | null | undefined) => (value ?? '').trim();
  const forced = caller.role === 'admin';
  return {
    firstName: text(input.firstName),
    lastName: text(input.lastName),
    email: text(input.email),
    phoneNumber: text(input.phoneNumber),
    role: forced ? 'resident' : normalizeBulkRole(text(input.role)),
    propertyId: forced ? (caller.propertyId ?? '') : text(input.propertyId),
  };
}

/** Rows that pass the docs/SPEC.md §5 checks and are unique within the file; the rest fail with a message. */
export function screenRows(inputs: BulkUserRowInput[], caller: Caller) {
  const failures: RowFailure[] = [];
  const candidates: RowCandidate[] = [];
  const seen = new Set<string>();
  inputs.forEach((input, index) => {
    const row = rowFor(input, caller);
    const email = normalizeEmail(row.email);
    const problem =
      firstBulkRowError(row, caller.role === 'admin' ? 'admin' : 'superadmin') ??
      (row.propertyId ? null : BULK_MESSAGES.propertyRequired) ??
      (seen.has(email) ? BULK_MESSAGES.duplicateInFile : null);
    if (problem) {
      failures.push({ index, email, message: problem });
      return;
    }
    seen.add(email);
    candidates.push({
      index,
      user: {
        firstName: row.firstName,
        lastName: row.lastName,
        email,
        phoneNumber: row.phoneNumber ? toStoredPhone(row.phoneNumber) : null,
        role: row.role as Role,
        propertyId: row.propertyId,
      },
    });
  });
  return { failures, candidates };
}

async function inChunks<T>(values: T[], lookup: (chunk: T[]) => Promise<string[]>): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < values.length; start += LOOKUP_CHUNK) {
    for (const value of await lookup(values.slice(start, start + LOOKUP_CHUNK))) found.add(value);
  }
  return found;
}

/** Drops candidates whose email is taken or whose property does not exist, in a few batched queries. */
export async function checkAgainstDatabase(db: Queryable, candidates: RowCandidate[]) {
  const emails = candidates.map((candidate) => candidate.user.email);
  const propertyIds = [...new Set(candidates.map((candidate) => candidate.user.propertyId ?? ''))].filter((id) =>
    UUID.test(id),
  );
  const taken = await inChunks(emails, (chunk) => takenEmails(db, chunk));
  const known = await inChunks(propertyIds, async (chunk) =>
    (await featuresOfProperties(db, chunk)).map((row) => row.id),
  );
  const failures: RowFailure[] = [];
  const accepted: RowCandidate[] = [];
  for (const candidate of candidates) {
    const { email, propertyId } = candidate.user;
    if (taken.has(email)) failures.push({ index: candidate.index, email, message: BULK_MESSAGES.emailTaken });
    else if (!known.has(propertyId ?? ''))
      failures.push({ index: candidate.index, email, message: BULK_MESSAGES.propertyNotFound });
    else accepted.push(candidate);
  }
  return { failures, accepted };
}
