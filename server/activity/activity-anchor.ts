import crypto from 'node:crypto';
import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { deriveKey, hmacHex, sha256Hex } from '../platform/crypto/keys';
import type { Orm, Queryable } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { canonicalWords, type PersonalWords } from './activity-chain';
import { activity, activityHeads } from './activity-tables';

/**
 * The trail's anchor outside the database (docs/decisions/0069): each chain's ends and each
 * erasure's mark carry a keyed digest made with a key derived from the master secret, which the
 * database does not hold. Anyone with the database login can compute sha256 hashes again, not these.
 */
const anchorKey = (secret: Buffer) => deriveKey(secret, 'activity-anchor');

/** Advisory lock class of the per-property chain (beside ADVISORY_LOCKS' single-number keys). */
const CHAIN_LOCK_CLASS = 4_702_003;

/** Holds a property's chain until `tx` ends: entries link one after the other, and an upgrade links it again whole. */
export async function lockChain(tx: Queryable, propertyId: string | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK_CLASS}, hashtext(${propertyId ?? ''}))`);
}

/** The key activity_heads.chain uses for a property's chain ('' for the entries of no property). */
export const chainKey = (propertyId: string | null) => propertyId ?? '';

export const inChain = (propertyId: string | null) =>
  propertyId ? eq(activity.propertyId, propertyId) : isNull(activity.propertyId);

/** A chain's ends: its newest entry, and the hash its oldest kept entry links to. */
export interface ChainEnds {
  seq: number;
  hash: string;
  firstPrevHash: string;
}

export type SignedHead = typeof activityHeads.$inferSelect;

const sameHex = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

function headMac(secret: Buffer, chain: string, ends: ChainEnds): string {
  return hmacHex(anchorKey(secret), JSON.stringify(['head', chain, ends.seq, ends.hash, ends.firstPrevHash]));
}

/** Whether a head row is one the server signed (not written or changed by anyone else). */
export const headHolds = (secret: Buffer, head: SignedHead) => sameHex(headMac(secret, head.chain, head), head.mac);

/**
 * The mark an erasure leaves on an entry: its id, the erasure's number, the digest of the words
 * the entry was written with (which its hash covers) and the digest of the words the erasure left.
 */
export function erasureMark(
  secret: Buffer,
  entry: PersonalWords & { id: string; wordsDigest: string | null; erasedIn: number },
): string {
  return hmacHex(
    anchorKey(secret),
    JSON.stringify(['erasure', entry.id, entry.erasedIn, entry.wordsDigest, sha256Hex(canonicalWords(entry))]),
  );
}

export async function readHead(tx: Queryable, propertyId: string | null): Promise<SignedHead | undefined> {
  const [head] = await tx
    .select()
    .from(activityHeads)
    .where(eq(activityHeads.chain, chainKey(propertyId)));
  return head;
}

/** Writes a chain's signed ends (the caller holds the chain's lock). */
export async function signHead(tx: Queryable, secret: Buffer, propertyId: string | null, ends: ChainEnds) {
  const chain = chainKey(propertyId);
  const row = { ...ends, mac: headMac(secret, chain, ends), signedAt: sql`now()` };
  await tx
    .insert(activityHeads)
    .values({ chain, ...row })
    .onConflictDoUpdate({ target: activityHeads.chain, set: row });
}

/** The ends of a chain as its rows stand, or null when it has none. */
async function endsAsFound(tx: Queryable, propertyId: string | null): Promise<ChainEnds | null> {
  const [oldest] = await tx
    .select({ prevHash: activity.prevHash })
    .from(activity)
    .where(inChain(propertyId))
    .orderBy(asc(activity.seq))
    .limit(1);
  if (!oldest) return null;
  const [newest] = await tx
    .select({ seq: activity.seq, hash: activity.hash })
    .from(activity)
    .where(inChain(propertyId))
    .orderBy(desc(activity.seq))
    .limit(1);
  return { ...newest, firstPrevHash: oldest.prevHash };
}

/**
 * Signs a chain that has no signed head yet (written before migration 0039), trusting it as
 * found, once: its ends, and the marks erasures left on it before marks were keyed (sha256 of the
 * words they left, where that still holds). The caller holds the chain's lock. Answers the head,
 * or undefined for a chain with no entries.
 */
export async function anchorChain(
  tx: Queryable,
  secret: Buffer,
  propertyId: string | null,
): Promise<SignedHead | undefined> {
  const existing = await readHead(tx, propertyId);
  if (existing) return existing;
  const ends = await endsAsFound(tx, propertyId);
  if (!ends) return undefined;
  const erased = await tx
    .select()
    .from(activity)
    .where(sql`${inChain(propertyId)} and ${activity.erasedIn} is not null and ${activity.wordsDigest} is not null`);
  for (const row of erased) {
    if (row.erasedIn === null || row.erasedDigest !== sha256Hex(canonicalWords(row))) continue;
    const marked = { id: row.id, actorName: row.actorName, summary: row.summary, changes: row.changes };
    const mark = erasureMark(secret, { ...row, erasedIn: row.erasedIn });
    await tx.execute(
      sql`select activity_erase_words(${row.erasedIn}, ${JSON.stringify([{ ...marked, erased_digest: mark }])}::jsonb)`,
    );
  }
  await signHead(tx, secret, propertyId, ends);
  return readHead(tx, propertyId);
}

/** The upgrade of migration 0039, run by the daily upkeep: every chain not signed yet, each in a transaction of its own. */
export async function anchorUnsignedChains(db: Orm, secret: Buffer): Promise<number> {
  const unsigned = await db.execute(sql`
    select distinct property_id::text as property_id from activity
    where coalesce(property_id::text, '') not in (select chain from activity_heads)`);
  const chains = rowsOf<{ property_id: string | null }>(unsigned);
  for (const { property_id: propertyId } of chains) {
    await db.transaction(async (tx) => {
      await lockChain(tx, propertyId);
      await anchorChain(tx, secret, propertyId);
    });
  }
  return chains.length;
}

/**
 * The signed head of the chain an export is of, published with the export (header X-Trail-Head)
 * so a copy kept outside the database can show later that entries went: "#seq hash mac".
 */
export const TRAIL_HEAD_HEADER = 'x-trail-head';

export async function publishedHead(db: Queryable, propertyId: string | null): Promise<string | null> {
  const head = await readHead(db, propertyId);
  return head ? `#${head.seq} ${head.hash} ${head.mac}` : null;
}
