import { and, asc, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/connect';
import { activity } from '../platform/db/schema';
import type { HttpError } from '../platform/errors/http-error';
import { canonicalWords, type PersonalWords, wordsDigest } from './activity-chain';
import { BrokenChain, relinkChain } from './activity-relink';
import { entryProblem, erasureNumbers } from './activity-verify';

type Row = typeof activity.$inferSelect;

const BATCH = 500;

/**
 * Replaces the words of the entries `touched` selects, for erasure number `n`
 * (docs/decisions/0055): no hash changes, so no later entry is touched. Each entry is checked on
 * its own first: an entry already changed is refused, so erasure never covers up an earlier edit.
 * A chain still holding entries of before migration 0036 is linked again first, once. Returns how
 * many entries' words changed.
 */
export async function rewriteTrail(
  tx: Tx,
  touched: SQL,
  n: number,
  rewrite: (row: Row) => PersonalWords,
  refusal: (entryId: string) => HttpError,
): Promise<number> {
  const legacy = await tx
    .selectDistinct({ propertyId: activity.propertyId })
    .from(activity)
    .where(and(touched, isNull(activity.wordsDigest)));
  for (const { propertyId } of legacy) {
    try {
      await relinkChain(tx, propertyId);
    } catch (error) {
      throw error instanceof BrokenChain ? refusal(error.entryId) : error;
    }
  }
  const erased = await erasureNumbers(tx);
  // The ids first, in one pass: the words the selection searches change as the batches go.
  const ids = (await tx.select({ id: activity.id }).from(activity).where(touched).orderBy(asc(activity.seq))).map(
    (row) => row.id,
  );
  let rewritten = 0;
  for (let from = 0; from < ids.length; from += BATCH) {
    const rows = await tx
      .select()
      .from(activity)
      .where(inArray(activity.id, ids.slice(from, from + BATCH)));
    const updates = [];
    for (const row of rows) {
      if (entryProblem(row, erased)) throw refusal(row.id);
      const words = rewrite(row);
      if (canonicalWords(words) === canonicalWords(row)) continue;
      updates.push({ id: row.id, ...words, erased_digest: wordsDigest(words) });
    }
    if (updates.length) await tx.execute(sql`select activity_erase_words(${n}, ${JSON.stringify(updates)}::jsonb)`);
    rewritten += updates.length;
  }
  return rewritten;
}
