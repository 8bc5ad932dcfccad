import { type SQL, sql } from 'drizzle-orm';
import type { Orm, Tx } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { anchorChain, headHolds, lockChain, signHead } from './activity-anchor';

/** Months the trail of no property (super administrators' own sign-ins) is kept; a property's is its own setting. */
export const DEFAULT_ACTIVITY_MONTHS = 84;
const ACTIVITY_BATCH = 5000;

interface Removed {
  n: number;
  /** The prev_hash of the oldest entry removed, and the hash of the newest. */
  first_prev: string | null;
  last_hash: string | null;
}

/**
 * One bounded batch of a chain's oldest entries older than `cutoff`, under the chain's lock; the
 * append-only trigger lets a row go only once it is past its property's retention by the
 * database's clock (migration 0039). The chain's signed start moves past what went
 * (docs/decisions/0069), only when what went began where the signed start was: a chain already cut
 * short by someone else stays as audit:verify names it.
 */
async function removeBatch(tx: Tx, secret: Buffer, propertyId: string | null, cutoff: SQL): Promise<number> {
  await lockChain(tx, propertyId);
  const head = await anchorChain(tx, secret, propertyId);
  const result = await tx.execute(sql`
    with gone as (
      delete from activity where id in (
        select id from activity
        where property_id is not distinct from ${propertyId}::uuid and "at" < ${cutoff}
        order by seq limit ${ACTIVITY_BATCH})
      returning seq, prev_hash, hash)
    select count(*)::int as n, (array_agg(prev_hash order by seq))[1] as first_prev,
      (array_agg(hash order by seq desc))[1] as last_hash
    from gone`);
  const removed = rowsOf<Removed>(result)[0];
  const n = Number(removed?.n ?? 0);
  if (n && head && removed.last_hash && headHolds(secret, head) && removed.first_prev === head.firstPrevHash)
    await signHead(tx, secret, propertyId, { seq: head.seq, hash: head.hash, firstPrevHash: removed.last_hash });
  return n;
}

/**
 * Removes each property's trail entries older than its activity retention, a bounded batch per
 * transaction; answers how many per property ('' for entries of no property).
 */
export async function removeOldActivity(db: Orm, secret: Buffer, now: Date): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select id::text as property_id, activity_retention_months as months from properties
    union all select null, ${DEFAULT_ACTIVITY_MONTHS}::int`);
  const removed = new Map<string, number>();
  for (const row of rowsOf<{ property_id: string | null; months: number }>(result)) {
    const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(months => ${row.months}::int)`;
    for (;;) {
      const n = await db.transaction((tx) => removeBatch(tx, secret, row.property_id, cutoff));
      if (n) removed.set(row.property_id ?? '', (removed.get(row.property_id ?? '') ?? 0) + n);
      if (n < ACTIVITY_BATCH) break;
    }
  }
  return removed;
}
