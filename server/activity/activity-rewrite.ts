import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/connect';
import { containing } from '../platform/db/paged-search';
import type { HttpError } from '../platform/errors/http-error';
import { anchorChain, erasureMark, lockChain } from './activity-anchor';
import { canonicalWords, type PersonalWords } from './activity-chain';
import { BrokenChain, relinkChain } from './activity-relink';
import { activity, erasures } from './activity-tables';
import { entryProblem, erasureNumbers } from './activity-verify';

type Row = typeof activity.$inferSelect;

const BATCH = 500;

/**
 * Replaces the words of the entries `touched` selects, for erasure number `n`
 * (docs/decisions/0055): no hash changes, so no later entry is touched. Each entry is checked on
 * its own first: an entry already changed is refused, so erasure never covers up an earlier edit.
 * A chain still holding entries of before migration 0036 is linked again first, once, and one
 * not signed yet is anchored as found (docs/decisions/0069). Each rewritten entry gets the
 * erasure's keyed mark. Returns how many entries' words changed.
 */
export async function rewriteTrail(
  tx: Tx,
  secret: Buffer,
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
      await relinkChain(tx, secret, propertyId);
    } catch (error) {
      throw error instanceof BrokenChain ? refusal(error.entryId) : error;
    }
  }
  const chains = await tx.selectDistinct({ propertyId: activity.propertyId }).from(activity).where(touched);
  for (const { propertyId } of chains) {
    await lockChain(tx, propertyId);
    await anchorChain(tx, secret, propertyId);
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
      if (entryProblem(row, erased, secret)) throw refusal(row.id);
      const words = rewrite(row);
      if (canonicalWords(words) === canonicalWords(row)) continue;
      updates.push({ id: row.id, ...words, erased_digest: erasureMark(secret, { ...row, ...words, erasedIn: n }) });
    }
    if (updates.length) await tx.execute(sql`select activity_erase_words(${n}, ${JSON.stringify(updates)}::jsonb)`);
    rewritten += updates.length;
  }
  return rewritten;
}

/** Takes the next erasure number for erasing this person (docs/decisions/0055). */
export async function takeErasureNumber(tx: Tx, erasure: { userId: string; erasedAt: Date; erasedBy: string }) {
  const [{ n }] = await tx.insert(erasures).values(erasure).returning({ n: erasures.n });
  return n;
}

/** The changes of every trail entry about this object: the edits of a person hold their former names. */
export async function changesAbout(tx: Tx, objectId: string) {
  return tx.select({ changes: activity.changes }).from(activity).where(eq(activity.objectId, objectId));
}

/**
 * The trail entries by or about a person, about their things (`objects`), or giving one of their
 * `contacts` (email or phone): chosen by ids and contacts, never by a name another person may share.
 */
export function trailMentions(userId: string, objects: string[], contacts: string[]): SQL {
  const asText = sql`(${activity.actorName} || ' ' || ${activity.summary} || ' ' || ${activity.changes}::text)`;
  return or(
    eq(activity.actorId, userId),
    eq(activity.objectId, userId),
    objects.length ? inArray(activity.objectId, objects) : undefined,
    ...contacts.map((text) => ilike(asText, containing(text))),
  ) as SQL;
}
