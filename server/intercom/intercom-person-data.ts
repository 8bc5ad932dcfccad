import { desc, eq, inArray, sql } from 'drizzle-orm';
import { findPerson } from '../accounts/account-store';
import type { Queryable, Tx } from '../platform/db/connect';
import { defaultDisplayName } from './directory-names';
import { listingOf } from './directory-store';
import { intercomCallPhotos, intercomCalls, intercomListings } from './intercom-tables';

/**
 * A person's intercom data for their own export (docs/decisions/0097): their directory listing
 * and the calls they received, newest first, `limit` of them. Photos are said to exist, never
 * sent: a file of stills would be unbounded and the app shows each one on its own.
 */
export async function intercomDataOf(db: Queryable, userId: string, limit: number) {
  const person = await findPerson(db, userId);
  const listing = await listingOf(db, userId);
  const calls = await db
    .select({
      call: intercomCalls,
      hasPhoto: sql<boolean>`exists (select 1 from intercom_call_photos p where p.call_id = ${intercomCalls.id})`,
    })
    .from(intercomCalls)
    .where(eq(intercomCalls.calleeUserId, userId))
    .orderBy(desc(intercomCalls.startedAt), desc(intercomCalls.id))
    .limit(limit);
  return {
    listing: {
      ...listing,
      shownAs: listing.displayName ?? (person ? defaultDisplayName(person.firstName, person.lastName) : ''),
    },
    calls,
  };
}

/**
 * Erases what the intercom holds about a person, by their user id and their calls' ids (decision
 * 0070): the stills of calls to them and their listing go now; the calls go with the account
 * (cascade). Returns the calls' ids, so trail entries about them are rewritten, and every name
 * the directory showed for them, so those words are erased wherever they were copied.
 */
export async function eraseIntercomOf(tx: Tx, userId: string): Promise<{ callIds: string[]; names: string[] }> {
  const calls = await tx
    .select({ id: intercomCalls.id, displayName: intercomCalls.displayName })
    .from(intercomCalls)
    .where(eq(intercomCalls.calleeUserId, userId));
  const [listing] = await tx
    .delete(intercomListings)
    .where(eq(intercomListings.userId, userId))
    .returning({ displayName: intercomListings.displayName });
  const callIds = calls.map((call) => call.id);
  if (callIds.length > 0) await tx.delete(intercomCallPhotos).where(inArray(intercomCallPhotos.callId, callIds));
  const names = [...calls.map((call) => call.displayName), ...(listing?.displayName ? [listing.displayName] : [])];
  return { callIds, names: [...new Set(names)] };
}
