import { erasedPersonLabel, OWN_DATA_MESSAGES } from '@core/api/own-data';
import { eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { rewriteTrail } from '../activity/activity-rewrite';
import type { Caller } from '../authorization/caller';
import type { Orm, Tx } from '../platform/db/connect';
import {
  activity,
  cards,
  deliveryPasses,
  erasures,
  limitCounters,
  qrCodes,
  users,
  visitors,
} from '../platform/db/schema';
import { badRequest, conflict, notFound } from '../platform/errors/http-error';
import { eraseInJson, eraserOf, type PersonIdentifiers } from './erased-words';
import { eraseFromGateEvents, eraseFromGateHolds } from './gate-event-erasure';

type Person = typeof users.$inferSelect;

/** What an erasure did, for the trail entry that records it. */
export interface Erasure {
  n: number;
  label: string;
  propertyId: string | null;
  gateEvents: number;
  trailEntries: number;
}

const PERSON_FIELDS = {
  firstName: 'firstNames',
  lastName: 'lastNames',
  email: 'emails',
  phoneNumber: 'phones',
} as const;

/** Their names, emails and phones now and before (edits the trail holds), so former ones go too. */
async function identifiersOf(tx: Tx, person: Person): Promise<PersonIdentifiers> {
  const known: PersonIdentifiers = {
    firstNames: [person.firstName],
    lastNames: [person.lastName],
    emails: [person.email],
    phones: person.phoneNumber ? [person.phoneNumber] : [],
  };
  const edits = await tx.select({ changes: activity.changes }).from(activity).where(eq(activity.objectId, person.id));
  for (const { changes } of edits) {
    for (const [field, list] of Object.entries(PERSON_FIELDS)) {
      for (const value of [changes[field]?.before, changes[field]?.after]) {
        // Once each: every one becomes a pattern searched through the whole trail.
        const fresh = !known[list].some((seen) => seen.toLowerCase() === String(value).toLowerCase());
        if (typeof value === 'string' && value && fresh) known[list].push(value);
      }
    }
  }
  return known;
}

/** Ids of what they owned: trail entries about these are about them. */
async function ownedIds(tx: Tx, userId: string): Promise<string[]> {
  // One after another: a transaction is one connection, which runs one query at a time.
  const lists = [
    await tx.select({ id: cards.id }).from(cards).where(eq(cards.userId, userId)),
    await tx.select({ id: visitors.id }).from(visitors).where(eq(visitors.createdBy, userId)),
    await tx.select({ id: qrCodes.id }).from(qrCodes).where(eq(qrCodes.createdBy, userId)),
    await tx.select({ id: deliveryPasses.id }).from(deliveryPasses).where(eq(deliveryPasses.createdBy, userId)),
  ];
  return lists.flat().map((row) => row.id);
}

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The trail entries by them, about them or their things, or naming them. */
function trailMentions(userId: string, owned: string[], texts: string[]): SQL {
  const asText = sql`(${activity.actorName} || ' ' || ${activity.summary} || ' ' || ${activity.changes}::text)`;
  return or(
    eq(activity.actorId, userId),
    eq(activity.objectId, userId),
    owned.length ? inArray(activity.objectId, owned) : undefined,
    ...texts.map((text) => ilike(asText, containing(text))),
  ) as SQL;
}

/**
 * Erases a person (docs/decisions/0051), in one transaction: a number is taken, their name,
 * email and phone become "Erased person #n" in gate events, hold-opens and the activity trail
 * (their words only: no hash changes), then the account goes with everything that cascades from it: sessions,
 * passkeys, recovery codes, cards, push subscriptions, PIN, invitations, their visitors and passes.
 * `record` writes the trail entry of the erasure itself, after the rewrite, in the same transaction.
 */
export async function erasePerson(
  db: Orm,
  caller: Caller,
  userId: string,
  now: Date,
  record: (tx: Tx, erasure: Erasure) => Promise<unknown>,
): Promise<Erasure> {
  if (userId === caller.userId) throw badRequest(OWN_DATA_MESSAGES.cannotEraseSelf);
  return db.transaction(async (tx) => {
    const [person] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!person) throw notFound();
    const [{ n }] = await tx
      .insert(erasures)
      .values({ userId, erasedAt: now, erasedBy: caller.userId })
      .returning({ n: erasures.n });
    const label = erasedPersonLabel(n);
    const known = await identifiersOf(tx, person);
    const erase = eraserOf(known, label);
    const fullNames = [`${person.firstName} ${person.lastName}`];
    const gateEvents = await eraseFromGateEvents(tx, userId, fullNames, label, erase);
    await eraseFromGateHolds(tx, userId, label);
    const texts = [...fullNames, ...known.emails, ...known.phones];
    const trailEntries = await rewriteTrail(
      tx,
      trailMentions(userId, await ownedIds(tx, userId), texts),
      n,
      (row) => ({
        actorName: row.actorId === userId ? label : erase(row.actorName),
        summary: erase(row.summary),
        changes: eraseInJson(row.changes, erase),
      }),
      (entryId) => conflict(OWN_DATA_MESSAGES.trailBroken(entryId)),
    );
    // Sign-in throttles count by email: a count of an account that is gone is dropped with it.
    for (const email of known.emails) await tx.delete(limitCounters).where(ilike(limitCounters.key, containing(email)));
    await tx.delete(users).where(eq(users.id, userId));
    const erasure = { n, label, propertyId: person.propertyId, gateEvents, trailEntries };
    await record(tx, erasure);
    return erasure;
  });
}
