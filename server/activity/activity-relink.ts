import { and, asc, desc, gte, isNull, lt, min, sql } from 'drizzle-orm';
import type { Orm, Tx } from '../platform/db/connect';
import { headHolds, inChain, lockChain, readHead, signHead } from './activity-anchor';
import { chainHash, wordsDigest } from './activity-chain';
import { activity } from './activity-tables';
import { erasureNumbers, linkProblem } from './activity-verify';

const BATCH = 500;

/** A chain whose link at `entryId` did not hold before it was to be linked again. */
export class BrokenChain extends Error {
  constructor(readonly entryId: string) {
    super(`The activity chain is broken at entry ${entryId}`);
  }
}

/**
 * Links a chain again over its words' digests from its first entry written before migration 0036
 * on (docs/decisions/0055), once: every link is checked as it stood before it is changed, so a
 * chain already broken is left as it is (BrokenChain, naming its first broken entry). A signed
 * head (docs/decisions/0069) must hold and name the newest entry; it is signed again over the new
 * newest hash. Holds the chain's lock until `tx` ends. Answers how many entries were linked again.
 */
export async function relinkChain(tx: Tx, secret: Buffer, propertyId: string | null) {
  await lockChain(tx, propertyId);
  const [{ first }] = await tx
    .select({ first: min(activity.seq) })
    .from(activity)
    .where(and(inChain(propertyId), isNull(activity.wordsDigest)));
  if (first === null) return 0;
  const [before] = await tx
    .select({ hash: activity.hash })
    .from(activity)
    .where(and(inChain(propertyId), lt(activity.seq, first)))
    .orderBy(desc(activity.seq))
    .limit(1);
  const head = await readHead(tx, propertyId);
  if (head && !headHolds(secret, head)) throw new BrokenChain(String(head.seq));
  const erased = await erasureNumbers(tx);
  let oldPrevious = before?.hash ?? null;
  let newPrevious = oldPrevious;
  let fromSeq = first;
  let relinked = 0;
  for (;;) {
    const rows = await tx
      .select()
      .from(activity)
      .where(and(inChain(propertyId), gte(activity.seq, fromSeq)))
      .orderBy(asc(activity.seq))
      .limit(BATCH);
    const updates = [];
    for (const row of rows) {
      if (linkProblem(oldPrevious, row, erased, secret)) throw new BrokenChain(row.id);
      oldPrevious = row.hash;
      const digest = row.wordsDigest ?? wordsDigest(row);
      const prevHash = newPrevious ?? row.prevHash;
      const hash = chainHash(prevHash, row, digest);
      updates.push({ id: row.id, prev_hash: prevHash, hash, words_digest: digest });
      newPrevious = hash;
    }
    if (updates.length) await tx.execute(sql`select activity_relink(${JSON.stringify(updates)}::jsonb)`);
    relinked += updates.length;
    if (rows.length < BATCH) {
      const last = rows.at(-1);
      if (head && last && newPrevious) {
        if (last.seq !== head.seq || oldPrevious !== head.hash) throw new BrokenChain(last.id);
        await signHead(tx, secret, propertyId, { seq: head.seq, hash: newPrevious, firstPrevHash: head.firstPrevHash });
      }
      return relinked;
    }
    fromSeq = rows[rows.length - 1].seq + 1;
  }
}

/**
 * The upgrade of migration 0036, run by the daily upkeep: every chain still holding entries of
 * before it, each in a transaction of its own. A broken chain is left for audit:verify to name.
 */
export async function relinkLegacyChains(db: Orm, secret: Buffer): Promise<{ entries: number; brokenChains: number }> {
  const chains = await db
    .selectDistinct({ propertyId: activity.propertyId })
    .from(activity)
    .where(isNull(activity.wordsDigest));
  let entries = 0;
  let brokenChains = 0;
  for (const { propertyId } of chains) {
    try {
      entries += await db.transaction((tx) => relinkChain(tx, secret, propertyId));
    } catch (error) {
      if (!(error instanceof BrokenChain)) throw error;
      brokenChains++;
    }
  }
  return { entries, brokenChains };
}
