import { erasedPersonLabel } from '@core/api/own-data';
import { asc, gt, sql } from 'drizzle-orm';
import { sha256Hex } from '../platform/crypto/keys';
import type { Orm, Queryable } from '../platform/db/connect';
import { erasureMark, headHolds, inChain, readHead, type SignedHead } from './activity-anchor';
import { canonicalWords, chainHash, legacyChainHash } from './activity-chain';
import { activity, activityHeads, erasures } from './activity-tables';

type StoredEntry = typeof activity.$inferSelect;

export interface BrokenLink {
  propertyId: string | null;
  /** The first entry whose hash or link does not hold; null when no entry is left to name. */
  entryId: string | null;
  seq: number | null;
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
 * erasure that happened replaced them, named itself in them, and left its keyed mark over what it
 * wrote (docs/decisions/0069).
 */
export function entryProblem(row: StoredEntry, erased: ReadonlySet<number>, secret: Buffer): string | null {
  if (row.wordsDigest === null)
    return row.erasedIn === null && legacyChainHash(row.prevHash, row) === row.hash ? null : CHANGED;
  if (chainHash(row.prevHash, row, row.wordsDigest) !== row.hash) return CHANGED;
  const words = canonicalWords(row);
  const digest = sha256Hex(words);
  if (row.erasedIn === null)
    return digest === row.wordsDigest ? null : 'its words do not match their digest (the entry was changed)';
  const label = new RegExp(`${erasedPersonLabel(row.erasedIn)}(?![0-9])`);
  const mark = erasureMark(secret, { ...row, erasedIn: row.erasedIn });
  if (erased.has(row.erasedIn) && label.test(words) && mark === row.erasedDigest) return null;
  if (digest === row.erasedDigest)
    return `its mark of erasure #${row.erasedIn} is not the key's (the entry was changed, or erased before migration 0039 in a chain not signed yet)`;
  return `its words are not as erasure #${row.erasedIn} left them (the entry was changed)`;
}

/** What is wrong with one link of a chain, or null: its prev_hash must be the hash of the entry before it (none to compare for a chain's first entry), and the entry must hold on its own. */
export function linkProblem(
  previousHash: string | null,
  row: StoredEntry,
  erased: ReadonlySet<number>,
  secret: Buffer,
) {
  if (previousHash !== null && row.prevHash !== previousHash)
    return 'its previous hash is not the hash of the entry before it (an entry was removed or changed)';
  return entryProblem(row, erased, secret);
}

/** The chains with entries or a signed head (null: the entries of no property). */
async function chains(db: Orm): Promise<(string | null)[]> {
  const rows = await db.selectDistinct({ propertyId: activity.propertyId }).from(activity);
  const heads = await db.select({ chain: activityHeads.chain }).from(activityHeads);
  const all = new Set([...rows.map((row) => row.propertyId), ...heads.map((head) => head.chain || null)]);
  return [...all];
}

const REMOVED_BEFORE =
  'it does not link to the signed start of its chain (entries before it were removed inside their retention)';
const NO_HEAD =
  'its chain has no signed head (it was removed, or the chain is older than migration 0039 and no entry or daily upkeep has signed it yet)';
const REMOVED_AFTER = 'it is not the signed head of its chain (newer entries were removed)';

/** What is wrong with a chain's ends against its signed head, or null. */
function endsProblem(
  secret: Buffer,
  head: SignedHead | undefined,
  first: StoredEntry | null,
  last: StoredEntry | null,
): Omit<BrokenLink, 'propertyId'> | null {
  const at = (row: StoredEntry | null) => ({ entryId: row?.id ?? null, seq: row?.seq ?? null });
  if (!head) return first ? { ...at(last), problem: NO_HEAD } : null;
  if (!headHolds(secret, head))
    return { ...at(last), problem: "its chain's signed head does not hold (the head was changed)" };
  if (!first || !last)
    return head.firstPrevHash === head.hash
      ? null
      : { ...at(null), problem: `its entries were removed inside their retention (its signed head is #${head.seq})` };
  if (first.prevHash !== head.firstPrevHash) return { ...at(first), problem: REMOVED_BEFORE };
  if (last.seq !== head.seq || last.hash !== head.hash) return { ...at(last), problem: REMOVED_AFTER };
  return null;
}

/**
 * Walks one property's chain in order: each row must hold on its own (entryProblem) and its
 * prev_hash be the hash of the row before it; the oldest and newest rows must be the ends the
 * chain's signed head names (docs/decisions/0069): retention, which removes the oldest rows, signs
 * the new start.
 */
async function verifyChain(db: Queryable, secret: Buffer, propertyId: string | null, erased: ReadonlySet<number>) {
  const head = await readHead(db, propertyId);
  let first: StoredEntry | null = null;
  let previous: StoredEntry | null = null;
  let afterSeq = -1;
  for (;;) {
    const rows = await db
      .select()
      .from(activity)
      .where(sql`${inChain(propertyId)} and ${gt(activity.seq, afterSeq)}`)
      .orderBy(asc(activity.seq))
      .limit(BATCH);
    for (const row of rows) {
      const problem = linkProblem(previous?.hash ?? null, row, erased, secret);
      if (problem) return { propertyId, entryId: row.id, seq: row.seq, problem };
      first ??= row;
      previous = row;
    }
    if (rows.length < BATCH) break;
    afterSeq = rows[rows.length - 1].seq;
  }
  const ends = endsProblem(secret, head, first, previous);
  return ends ? { propertyId, ...ends } : null;
}

/** Every property's chain; the first broken link of each chain that has one. `secret`: the master secret. */
export async function verifyActivityChains(db: Orm, secret: Buffer): Promise<{ chains: number; broken: BrokenLink[] }> {
  const all = await chains(db);
  const broken: BrokenLink[] = [];
  for (const propertyId of all) {
    // One snapshot per chain: an entry appended while verify reads is seen with its signed head or not at all.
    const link = await db.transaction(async (tx) => verifyChain(tx, secret, propertyId, await erasureNumbers(tx)), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    if (link) broken.push(link);
  }
  return { chains: all.length, broken };
}
