import { ACCOUNT_MESSAGES } from '@core/api/accounts';
import type { Role } from '@core/roles';
import { emailTaken, insertPeople } from '../accounts/account-store';
import { invitationEmailJob, linkEmailPayloadOf } from '../identity/account-email-jobs';
import { createAccountToken, INVITE_LIFETIME_MS } from '../identity/account-tokens';
import type { Queryable } from '../platform/db/connect';
import { isUniqueViolation } from '../platform/db/unique-violation';
import type { PlatformDeps } from '../platform/deps';
import { conflict, notFound } from '../platform/errors/http-error';
import { findProperty } from '../property-records/property-queries';
import { assignResidentPin } from './resident-pin';

export interface NewUser {
  firstName: string;
  lastName: string;
  /** Already validated and lowercased. */
  email: string;
  /** Stored form (+1 and 10 digits) or null. */
  phoneNumber: string | null;
  role: Role;
  propertyId: string | null;
}

export interface InvitedUser {
  userId: string;
  securePin: string | null;
}

/**
 * Creates an invited user inside the caller's transaction: the user row (no password yet), a
 * secure PIN when their property has securepin, the single-use invitation token (hashed) and the
 * invitation email in the job outbox. The caller authorizes, commits, then kicks the job queue.
 * Throws 409 for a taken email and 404 for an unknown property; the savepoint around the insert
 * leaves the caller's transaction usable after a 409.
 */
export async function inviteUser(
  deps: Pick<PlatformDeps, 'config' | 'jobs'>,
  tx: Queryable,
  input: NewUser,
): Promise<InvitedUser> {
  if (await emailTaken(tx, input.email)) throw conflict(ACCOUNT_MESSAGES.duplicateEmail);
  const property = input.propertyId ? await findProperty(tx, input.propertyId) : null;
  if (input.propertyId && !property) throw notFound(ACCOUNT_MESSAGES.propertyNotFound);
  const now = deps.config.now();

  let userId: string;
  try {
    userId = await tx.transaction(async (savepoint) => {
      const [row] = await insertPeople(savepoint, [{ ...input, createdAt: now }]);
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw conflict(ACCOUNT_MESSAGES.duplicateEmail);
    throw error;
  }

  const wantsPin = property?.propertyFeatures.includes('securepin') && input.role !== 'superadmin';
  const securePin =
    property && wantsPin ? await assignResidentPin(tx, deps.config.secret, { userId, propertyId: property.id }) : null;
  const token = await createAccountToken(tx, { userId, kind: 'invite', now, lifetimeMs: INVITE_LIFETIME_MS });
  await deps.jobs.enqueue(tx, invitationEmailJob, linkEmailPayloadOf(deps.config.secret, userId, token));
  return { userId, securePin };
}
