import { erasedPersonLabel } from '@core/api/own-data';
import { asc, gt, isNull, sql } from 'drizzle-orm';
import { sha256Hex } from '../platform/crypto/keys';
import type { Orm, Queryable } from '../platform/db/connect';
import { activity, erasures } from '../platform/db/schema';
import { canonicalWords, chainHash, legacyChainHash } from './activity-chain';

type StoredEntry = typeof activity.$inferSelect;

export interface BrokenLink {
  propertyId: string | null;
  /** The first entry whose hash or link does not hold. */
  entryId: string;
  seq: number;
  problem: string;
}

const BATCH = 1000;
const CHANGED = 'its content does not match its hash (the entry was changed)';

/** The numbers of the erasures that happened: an entry may carry only one of these as its erasure. */
export async function erasureNumbers(db: Queryable): Promise<ReadonlySet<number>> {
  const rows = await db.select({ n: erasures.n }).from(erasures);
  return new Set(rows.map((row) => row.n));
}

/**
 * What is wrong with one entry on its own, or null (docs/decisions/0055): its hash must cover its
 * other fields and the digest of its words, and its words must match that digest, unless an
 * erasure that happened replaced them, named itself in them, and left the digest of what it wrote.
 */
export function entryProblem(row: StoredEntry, erased: ReadonlySet<number>): string | null {
  if (row.wordsDigest === null)
    return row.erasedIn === null && legacyChainHash(row.prevHash, row) === row.hash ? null : CHANGED;
  if (chainHash(row.prevHash, row, row.wordsDigest) !== row.hash) return CHANGED;
  const words = canonicalWords(row);
  const digest = sha256Hex(words);
  if (row.erasedIn === null)
    return digest === row.wordsDigest ? null : 'its words do not match their digest (the entry was changed)';
  const label = new RegExp(`${erasedPersonLabel(row.erasedIn)}(?![0-9])`);
  if (erased.has(row.erasedIn) && label.test(words) && digest === row.erasedDigest) return null;
  return `its words are not as erasure #${row.erasedIn} left them (the entry was changed)`;
}

/** What is wrong with one link of a chain, or null: its prev_hash must be the hash of the entry before it (none to compare for a chain's first entry), and the entry must hold on its own. */
export function linkProblem(previousHash: string | null, row: StoredEntry, erased: ReadonlySet<number>) {
  if (previousHash !== null && row.prevHash !== previousHash)
    return 'its previous hash is not the hash of the entry before it (an entry was removed or changed)';
  return entryProblem(row, erased);
}

/** The properties with a chain (null: the entries of no property). */
async function chains(db: Orm): Promise<(string | null)[]> {
  const rows = await db.selectDistinct({ propertyId: activity.propertyId }).from(activity);
  return rows.map((row) => row.propertyId);
}

/**
 * Walks one property's chain in order: each row must hold on its own (entryProblem) and its
 * prev_hash be the hash of the row before it. The first row's prev_hash is not checked against
 * anything: retention removes a chain's oldest rows.
 */
async function verifyChain(db: Orm, propertyId: string | null, erased: ReadonlySet<number>) {
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
      const problem = linkProblem(previous?.hash ?? null, row, erased);
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
  const erased = await erasureNumbers(db);
  const broken: BrokenLink[] = [];
  for (const propertyId of all) {
    const link = await verifyChain(db, propertyId, erased);
    if (link) broken.push(link);
  }
  return { chains: all.length, broken };
}
