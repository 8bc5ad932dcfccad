import { erasedPersonLabel, erasedVisitorLabel, OWN_DATA_MESSAGES } from '@core/api/own-data';
import { deletePerson, lockPerson, type PersonRow } from '../accounts/account-store';
import { changesAbout, rewriteTrail, takeErasureNumber, trailMentions } from '../activity/activity-rewrite';
import type { Caller } from '../authorization/caller';
import { deliveryPassIdsMadeBy } from '../delivery/delivery-pass-queries';
import { renameHoldsBy } from '../device-records/hold-store';
import { cardIdsOf } from '../gate-credentials/card-queries';
import { eraseFromGateEvents } from '../gate-log/gate-log-erasure';
import { eraseIntercomOf } from '../intercom/intercom-person-data';
import type { Orm, Tx } from '../platform/db/connect';
import { badRequest, conflict, notFound } from '../platform/errors/http-error';
import { rewritePendingEvents } from '../platform/events/domain-events';
import { forgetCountersContaining } from '../platform/limits/limit-counters';
import { eraseFromGroupNames, eraseFromLockdowns } from '../property-rules/person-erasure';
import { qrCodeIdsMadeBy, visitorsRegisteredBy } from '../visitors/manage-visitor-queries';
import { contactsOf, eraseInJson, eraserOf, type PersonIdentifiers } from './erased-words';

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
async function identifiersOf(tx: Tx, person: PersonRow): Promise<PersonIdentifiers> {
  const known: PersonIdentifiers = {
    firstNames: [person.firstName],
    lastNames: [person.lastName],
    emails: [person.email],
    phones: person.phoneNumber ? [person.phoneNumber] : [],
  };
  const edits = await changesAbout(tx, person.id);
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

/** Their visitors, as identities to erase: the visitors go with the account, their names must too. */
async function visitorsOf(tx: Tx, userId: string): Promise<PersonIdentifiers[]> {
  const rows = await visitorsRegisteredBy(tx, userId);
  return rows.map((visitor) => ({
    firstNames: [visitor.firstName],
    lastNames: [visitor.lastName],
    emails: [visitor.email],
    phones: visitor.phoneNumber ? [visitor.phoneNumber] : [],
  }));
}

/** Ids of what they owned: trail entries about these are about them. */
async function ownedIds(tx: Tx, userId: string): Promise<string[]> {
  // One after another: a transaction is one connection, which runs one query at a time.
  const lists = [
    await cardIdsOf(tx, userId),
    await visitorsRegisteredBy(tx, userId),
    await qrCodeIdsMadeBy(tx, userId),
    await deliveryPassIdsMadeBy(tx, userId),
  ];
  return lists.flat().map((row) => row.id);
}

/**
 * Erases a person (docs/decisions/0051, 0070), in one transaction: a number is taken, their name,
 * email and phone become "Erased person #n" and their visitors' "Visitor of Erased person #n" in
 * gate events, hold-opens, lockdown reasons, the names of groups they belong to and the activity
 * trail (their words only: no hash changes), every row chosen by ids or by their email or phone,
 * never by a name; the intercom's listing and call stills go and the names the directory showed
 * for them are erased too (0097); then the account goes with everything that cascades from it: sessions,
 * passkeys, recovery codes, cards, push subscriptions, PIN, invitations, their visitors and passes,
 * the intercom calls to them.
 * `record` writes the trail entry of the erasure itself, after the rewrite, in the same transaction.
 */
export async function erasePerson(
  db: Orm,
  secret: Buffer,
  caller: Caller,
  userId: string,
  now: Date,
  record: (tx: Tx, erasure: Erasure) => Promise<unknown>,
): Promise<Erasure> {
  if (userId === caller.userId) throw badRequest(OWN_DATA_MESSAGES.cannotEraseSelf);
  return db.transaction(async (tx) => {
    const person = await lockPerson(tx, userId);
    if (!person) throw notFound();
    const n = await takeErasureNumber(tx, { userId, erasedAt: now, erasedBy: caller.userId });
    const label = erasedPersonLabel(n);
    const intercom = await eraseIntercomOf(tx, userId);
    const known = { ...(await identifiersOf(tx, person)), aliases: intercom.names };
    const contacts = contactsOf(known);
    const erase = eraserOf([
      { identifiers: known, label },
      ...(await visitorsOf(tx, userId)).map((identifiers) => ({ identifiers, label: erasedVisitorLabel(n) })),
    ]);
    const gateEvents = await eraseFromGateEvents(tx, {
      userId,
      contacts,
      label,
      visitorLabel: erasedVisitorLabel(n),
      erase,
    });
    await renameHoldsBy(tx, userId, label);
    const objects = [
      ...(await ownedIds(tx, userId)),
      ...(await eraseFromLockdowns(tx, userId, contacts, erase)),
      ...(await eraseFromGroupNames(tx, userId, erase)),
      ...intercom.callIds,
    ];
    const trailEntries = await rewriteTrail(
      tx,
      secret,
      trailMentions(userId, objects, contacts),
      n,
      (row) => ({
        actorName: row.actorId === userId ? label : erase(row.actorName),
        summary: erase(row.summary),
        changes: eraseInJson(row.changes, erase),
      }),
      (entryId) => conflict(OWN_DATA_MESSAGES.trailBroken(entryId)),
    );
    if (person.propertyId) await rewritePendingEvents(tx, person.propertyId, (data) => eraseInJson(data, erase));
    // Sign-in throttles count by email: a count of an account that is gone is dropped with it.
    for (const email of known.emails) await forgetCountersContaining(tx, email);
    await deletePerson(tx, userId);
    const erasure = { n, label, propertyId: person.propertyId, gateEvents, trailEntries };
    await record(tx, erasure);
    return erasure;
  });
}
