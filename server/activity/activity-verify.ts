import { asc, gt, isNull, sql } from 'drizzle-orm';
import type { Orm } from '../platform/db/connect';
import { activity } from '../platform/db/schema';
import { type ChainedFields, chainHash } from './activity-chain';

export interface BrokenLink {
  propertyId: string | null;
  /** The first entry whose hash or link does not hold. */
  entryId: string;
  seq: number;
  problem: string;
}

const BATCH = 1000;

/**
 * What is wrong with one link of a chain, or null: its prev_hash must be the hash of the entry
 * before it (none to compare for a chain's first entry) and its hash must cover its content.
 */
export function linkProblem(previousHash: string | null, row: ChainedFields & { prevHash: string; hash: string }) {
  if (previousHash !== null && row.prevHash !== previousHash)
    return 'its previous hash is not the hash of the entry before it (an entry was removed or changed)';
  if (chainHash(row.prevHash, row) !== row.hash) return 'its content does not match its hash (the entry was changed)';
  return null;
}

/** The properties with a chain (null: the entries of no property). */
async function chains(db: Orm): Promise<(string | null)[]> {
  const rows = await db.selectDistinct({ propertyId: activity.propertyId }).from(activity);
  return rows.map((row) => row.propertyId);
}

/**
 * Walks one property's chain in order: each row's hash must be sha256(prev_hash || its canonical
 * form) and its prev_hash the hash of the row before it. The first row's prev_hash is not checked
 * against anything: retention removes a chain's oldest rows.
 */
async function verifyChain(db: Orm, propertyId: string | null): Promise<BrokenLink | null> {
  let previous: { hash: string } | null = null;
  let afterSeq = -1;
  for (;;) {
    const rows = await db
      .select()
      .from(activity)
      .where(
        sql`${propertyId ? sql`${activity.propertyId} = ${propertyId}` : isNull(activity.propertyId)} and ${gt(activity.seq, afterSeq)}`,
      )
      .orderBy(asc(activity.seq))
      .limit(BATCH);
    for (const row of rows) {
      const problem = linkProblem(previous?.hash ?? null, row);
      if (problem) return { propertyId, entryId: row.id, seq: row.seq, problem };
      previous = row;
    }
    if (rows.length < BATCH) return null;
    afterSeq = rows[rows.length - 1].seq;
  }
}

/** Every property's chain; the first broken link of each chain that has one. */
export async function verifyActivityChains(db: Orm): Promise<{ chains: number; broken: BrokenLink[] }> {
  const all = await chains(db);
  const broken: BrokenLink[] = [];
  for (const propertyId of all) {
    const link = await verifyChain(db, propertyId);
    if (link) broken.push(link);
  }
  return { chains: all.length, broken };
}
