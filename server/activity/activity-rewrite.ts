import { and, asc, desc, eq, gt, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/connect';
import { type ActivityChanges, activity } from '../platform/db/schema';
import type { HttpError } from '../platform/errors/http-error';
import { canonicalRow, chainHash } from './activity-chain';
import { linkProblem } from './activity-verify';
import { lockChain } from './record-activity';

type Row = typeof activity.$inferSelect;

/** The words of an entry erasure may change; everything else of a row stays as it was. */
export interface RewrittenWords {
  actorName: string;
  summary: string;
  changes: ActivityChanges;
}

const BATCH = 500;
const inChain = (propertyId: string | null) =>
  propertyId ? eq(activity.propertyId, propertyId) : isNull(activity.propertyId);

/**
 * Rewrites the entries `rewrite` changes in every chain holding one of `touched`, and links each
 * chain again from its first rewritten entry on (docs/decisions/0051). Each chain is locked, and
 * every link from that entry on is checked before it is rewritten: a chain already broken is
 * refused, so erasure never covers up an earlier change. Returns how many entries were rewritten.
 */
export async function rewriteTrail(
  tx: Tx,
  touched: SQL,
  rewrite: (row: Row) => RewrittenWords,
  refusal: (entryId: string) => HttpError,
): Promise<number> {
  const rows = await tx
    .select({ id: activity.id, propertyId: activity.propertyId, seq: activity.seq })
    .from(activity)
    .where(touched);
  const starts = new Map<string | null, number>();
  for (const row of rows) starts.set(row.propertyId, Math.min(row.seq, starts.get(row.propertyId) ?? row.seq));
  const ids = new Set(rows.map((row) => row.id));
  const only = (row: Row) => (ids.has(row.id) ? rewrite(row) : null);
  let rewritten = 0;
  for (const [propertyId, seq] of starts) rewritten += await rewriteChain(tx, { propertyId, seq }, only, refusal);
  return rewritten;
}

async function rewriteChain(
  tx: Tx,
  start: { propertyId: string | null; seq: number },
  rewrite: (row: Row) => RewrittenWords | null,
  refusal: (entryId: string) => HttpError,
) {
  await lockChain(tx, start.propertyId);
  const [before] = await tx
    .select({ hash: activity.hash })
    .from(activity)
    .where(and(inChain(start.propertyId), lt(activity.seq, start.seq)))
    .orderBy(desc(activity.seq))
    .limit(1);
  let oldPrevious = before?.hash ?? null;
  let newPrevious = oldPrevious;
  let afterSeq = start.seq - 1;
  let rewritten = 0;
  for (;;) {
    const rows = await tx
      .select()
      .from(activity)
      .where(and(inChain(start.propertyId), gt(activity.seq, afterSeq)))
      .orderBy(asc(activity.seq))
      .limit(BATCH);
    const updates = [];
    for (const row of rows) {
      if (linkProblem(oldPrevious, row)) throw refusal(row.id);
      oldPrevious = row.hash;
      const words = rewrite(row);
      const content = words ? { ...row, ...words } : row;
      const prevHash = newPrevious ?? row.prevHash;
      const hash = chainHash(prevHash, content);
      if (hash !== row.hash)
        updates.push({
          id: row.id,
          actor_name: content.actorName,
          summary: content.summary,
          changes: content.changes,
          prev_hash: prevHash,
          hash,
        });
      if (words && canonicalRow(content) !== canonicalRow(row)) rewritten++;
      newPrevious = hash;
    }
    if (updates.length) await tx.execute(sql`select activity_erasure_rewrite(${JSON.stringify(updates)}::jsonb)`);
    if (rows.length < BATCH) return rewritten;
    afterSeq = rows[rows.length - 1].seq;
  }
}
