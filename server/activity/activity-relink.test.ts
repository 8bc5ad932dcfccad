import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, type UpgradableDatabase } from '../../test/support/migrated-until';
import type { Orm } from '../platform/db/connect';
import { conflict } from '../platform/errors/http-error';
import { type ChainedFields, GENESIS_HASH, legacyChainHash } from './activity-chain';
import { relinkLegacyChains } from './activity-relink';
import { rewriteTrail } from './activity-rewrite';
import { activity, erasures } from './activity-tables';
import { verifyActivityChains } from './activity-verify';
import { recordSystemActivity } from './record-activity';

const PLACE = crypto.randomUUID();
const SECRET = crypto.randomBytes(32);
const BROKEN_PLACE = crypto.randomUUID();

/** A chain as the build before migration 0036 wrote it: each hash over the words themselves. */
async function legacyChain(db: Orm, propertyId: string | null, count: number, tamperAt?: number) {
  let prevHash = GENESIS_HASH;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const row: ChainedFields = {
      id: crypto.randomUUID(),
      at: new Date(Date.UTC(2026, 0, 1, 0, i)),
      actorId: null,
      actorRole: 'admin',
      actorName: 'Morgan Lee',
      ip: '10.0.0.1',
      userAgent: 'old build',
      requestId: `old-${i}`,
      action: 'person.update',
      summary: i % 2 ? `Updated Wilhelmina Ostergaard ${i}` : `Updated someone ${i}`,
      objectKind: 'person',
      objectId: null,
      propertyId,
      changes: { label: { before: 'a', after: `b${i}` } },
    };
    const hash = legacyChainHash(prevHash, row);
    const summary = i === tamperAt ? 'Changed after the fact' : row.summary;
    await db.execute(sql`
      insert into activity (id, at, actor_role, actor_name, ip, user_agent, request_id, action, summary,
        object_kind, property_id, changes, prev_hash, hash)
      values (${row.id}, ${row.at.toISOString()}, ${row.actorRole}, ${row.actorName}, ${row.ip}, ${row.userAgent},
        ${row.requestId}, ${row.action}, ${summary}, ${row.objectKind}, ${propertyId}, ${JSON.stringify(row.changes)}::jsonb,
        ${prevHash}, ${hash})`);
    ids.push(row.id);
    prevHash = hash;
  }
  return ids;
}

describe('upgrading chains of before migration 0036', () => {
  let database: UpgradableDatabase;
  let brokenIds: string[];
  beforeAll(async () => {
    database = await databaseBefore('0036_activity_words_digest');
    await legacyChain(database.orm, PLACE, 6);
    await legacyChain(database.orm, null, 4);
    brokenIds = await legacyChain(database.orm, BROKEN_PLACE, 3, 1);
    await database.upgrade();
  });
  afterAll(() => database.close());

  it('verifies the old entries as they are, and new entries appended after them', async () => {
    const db = database.orm;
    await db.transaction((tx) =>
      recordSystemActivity(tx, SECRET, new Date(), {
        action: 'property.retention',
        summary: 'Removed nothing',
        object: { kind: 'property', id: PLACE, propertyId: PLACE },
      }),
    );
    // The chain of no property got no entry yet: the erasure of the next test signs it.
    expect((await verifyActivityChains(db, SECRET)).broken).toEqual([
      expect.objectContaining({ propertyId: null, problem: expect.stringMatching(/no signed head/) }),
      expect.objectContaining({ propertyId: BROKEN_PLACE, entryId: brokenIds[1] }),
    ]);
  });

  it('an erasure over an old chain links it again first, then replaces words only', async () => {
    const db = database.orm;
    const [{ n }] = await db.insert(erasures).values({ userId: crypto.randomUUID(), erasedAt: new Date() }).returning();
    const erased = await db.transaction((tx) =>
      rewriteTrail(
        tx,
        SECRET,
        sql`${activity.propertyId} is null and ${activity.summary} like '%Wilhelmina%'`,
        n,
        (row) => ({ ...row, summary: row.summary.replace('Wilhelmina Ostergaard', `Erased person #${n}`) }),
        (entryId) => conflict(entryId),
      ),
    );
    expect(erased).toBe(2);
    const nullChain = await db.select().from(activity).where(sql`${activity.propertyId} is null`);
    expect(nullChain.every((row) => row.wordsDigest !== null)).toBe(true);
    expect(nullChain.filter((row) => row.erasedIn === n)).toHaveLength(2);
    expect((await verifyActivityChains(db, SECRET)).broken.map((link) => link.propertyId)).toEqual([BROKEN_PLACE]);
  });

  it('the upkeep links every old chain again once, and leaves a broken one for audit:verify to name', async () => {
    const db = database.orm;
    expect(await relinkLegacyChains(db, SECRET)).toEqual({ entries: 7, brokenChains: 1 });
    const place = await db.select().from(activity).where(eq(activity.propertyId, PLACE));
    expect(place.every((row) => row.wordsDigest !== null)).toBe(true);
    expect((await verifyActivityChains(db, SECRET)).broken).toEqual([
      expect.objectContaining({ propertyId: BROKEN_PLACE, entryId: brokenIds[1] }),
    ]);
    expect(await relinkLegacyChains(db, SECRET)).toEqual({ entries: 0, brokenChains: 1 });
  });
});
