import { and, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/connect';
import { containing } from '../platform/db/paged-search';
import { rowsOf } from '../platform/db/rows';
import { searchTextOf } from './gate-log-sink';
import { type FormerSubject, pruneSubjects, recordSubjects } from './gate-log-subjects';
import { gateLogs } from './gate-log-tables';
import type { PersonDetails } from './person-details';

const BATCH = 500;

export interface GateEventErasure {
  userId: string;
  /** Their emails and phones: a reason naming one is about them (a name alone never selects a row). */
  contacts: string[];
  label: string;
  /** What stands for their visitors and delivery people in the events of their passes. */
  visitorLabel: string;
  erase: (text: string) => string;
}

/**
 * Gate events keep their time, gate, outcome and count (relay_log_daily_counts is untouched: no
 * row is added or removed). The events are chosen by id: theirs (actor), their passes' (creator:
 * the visitor's and the pass's names become the visitor label), and those whose reason gives their
 * email or phone (docs/decisions/0070). The person's details become the label, the reason is
 * erased, and each row's search text and subject are computed again from what is left (the former
 * subject goes once no event names it). A person's erasure (own-data/) calls it.
 */
export async function eraseFromGateEvents(tx: Tx, erasure: GateEventErasure): Promise<number> {
  const { userId, label, visitorLabel, erase } = erasure;
  const stand: PersonDetails = { firstName: label, lastName: '', email: '', phoneNumber: null };
  const visitorStand = { firstName: visitorLabel, lastName: '', email: '' };
  const mentions: SQL[] = erasure.contacts.map((contact) => ilike(gateLogs.reason, containing(contact)));
  const touched = or(eq(gateLogs.actorUserId, userId), eq(gateLogs.creatorUserId, userId), ...mentions);
  let afterId = '00000000-0000-0000-0000-000000000000';
  let rewritten = 0;
  for (;;) {
    const rows = await tx
      .select()
      .from(gateLogs)
      .where(and(touched, gt(gateLogs.id, afterId)))
      .orderBy(gateLogs.id)
      .limit(BATCH);
    if (!rows.length) return rewritten;
    const updates = rows.map((row) => {
      const theirPass = row.creatorUserId === userId;
      const userDetails = row.actorUserId === userId ? stand : row.userDetails;
      const creatorDetails = theirPass ? stand : row.creatorDetails;
      const visitorDetails = theirPass && row.visitorDetails ? visitorStand : row.visitorDetails;
      const qrCodeDetails =
        theirPass && row.qrCodeDetails ? { qrFirstName: visitorLabel, qrLastName: '' } : row.qrCodeDetails;
      return {
        id: row.id,
        user_details: userDetails,
        creator_details: creatorDetails,
        visitor_details: visitorDetails,
        qr_code_details: qrCodeDetails,
        reason: row.reason === null ? null : erase(row.reason),
        search_text: searchTextOf({ ...row, userDetails, creatorDetails, visitorDetails, qrCodeDetails }),
      };
    });
    // The joined row `was` shows each event as it was, for its former subject.
    const rewrittenRows = await tx.execute(sql`
      with rewritten as (
        update relay_logs as l
        set user_details = r.user_details, creator_details = r.creator_details,
          visitor_details = r.visitor_details, qr_code_details = r.qr_code_details, reason = r.reason,
          search_text = r.search_text, subject_key = relay_log_subject_key(r.search_text)
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
            as r(id uuid, user_details jsonb, creator_details jsonb, visitor_details jsonb, qr_code_details jsonb,
              reason text, search_text text),
          relay_logs as was
        where l.id = r.id and was.id = l.id and was."timestamp" = l."timestamp"
        returning l."timestamp", l.search_text, was.subject_key as former_key
      ), subjects as (${recordSubjects(sql`rewritten`)})
      select "timestamp"::text as at, former_key::text as key from rewritten`);
    await pruneSubjects(tx, rowsOf<FormerSubject>(rewrittenRows));
    rewritten += rows.length;
    afterId = rows[rows.length - 1].id;
  }
}

/**
 * Deletes the gate events a person opened and those of their passes (their account is deleted,
 * docs/SPEC.md §2); a subject no event names any more goes too.
 */
export async function deleteGateEventsOf(tx: Tx, userId: string) {
  const former = await tx
    .delete(gateLogs)
    .where(or(eq(gateLogs.actorUserId, userId), eq(gateLogs.creatorUserId, userId)))
    .returning({
      at: sql<string>`${gateLogs.timestamp}::text`,
      key: sql<string | null>`${gateLogs.subjectKey}::text`,
    });
  await pruneSubjects(tx, former);
}
