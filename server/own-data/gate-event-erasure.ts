import { and, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { gateHolds, type PersonDetails, relayLogs } from '../platform/db/schema';
import { searchTextOf } from '../relay-logs/relay-log-sink';
import { type FormerSubject, pruneSubjects, recordSubjects } from '../relay-logs/relay-log-subjects';
import { eraseInJson } from './erased-words';

const BATCH = 500;

/**
 * Gate events keep their time, gate, outcome and count (relay_log_daily_counts is untouched: no
 * row is added or removed); the erased person's details in them become the label, and each row's
 * search text and subject are computed again from what is left (the former subject goes once no
 * event names it).
 */
export async function eraseFromGateEvents(
  tx: Tx,
  userId: string,
  fullNames: string[],
  label: string,
  erase: (text: string) => string,
): Promise<number> {
  const stand: PersonDetails = { firstName: label, lastName: '', email: '', phoneNumber: null };
  const mentions: SQL[] = fullNames.map((name) => ilike(relayLogs.reason, `%${name}%`));
  const touched = or(eq(relayLogs.actorUserId, userId), eq(relayLogs.creatorUserId, userId), ...mentions);
  let afterId = '00000000-0000-0000-0000-000000000000';
  let rewritten = 0;
  for (;;) {
    const rows = await tx
      .select()
      .from(relayLogs)
      .where(and(touched, gt(relayLogs.id, afterId)))
      .orderBy(relayLogs.id)
      .limit(BATCH);
    if (!rows.length) return rewritten;
    const updates = rows.map((row) => {
      const userDetails = row.actorUserId === userId ? stand : row.userDetails;
      const creatorDetails = row.creatorUserId === userId ? stand : row.creatorDetails;
      return {
        id: row.id,
        user_details: userDetails,
        creator_details: creatorDetails,
        reason: row.reason === null ? null : eraseInJson(row.reason, erase),
        search_text: searchTextOf({ ...row, userDetails, creatorDetails }),
      };
    });
    // The joined row `was` shows each event as it was, for its former subject.
    const rewrittenRows = await tx.execute(sql`
      with rewritten as (
        update relay_logs as l
        set user_details = r.user_details, creator_details = r.creator_details, reason = r.reason,
          search_text = r.search_text, subject_key = relay_log_subject_key(r.search_text)
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
            as r(id uuid, user_details jsonb, creator_details jsonb, reason text, search_text text),
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

/** A hold-open keeps the words "Held open by …" of the manager who held it: they become the label. */
export async function eraseFromGateHolds(tx: Tx, userId: string, label: string) {
  await tx.update(gateHolds).set({ manualByName: label }).where(eq(gateHolds.manualBy, userId));
}
