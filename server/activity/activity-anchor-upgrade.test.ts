import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, type UpgradableDatabase } from '../../test/support/migrated-until';
import { sha256Hex } from '../platform/crypto/keys';
import { anchorUnsignedChains } from './activity-anchor';
import { type ChainedFields, canonicalWords, chainHash, GENESIS_HASH, wordsDigest } from './activity-chain';
import { activity, activityHeads, erasures } from './activity-tables';
import { verifyActivityChains } from './activity-verify';

const PLACE = crypto.randomUUID();
const SECRET = crypto.randomBytes(32);

/**
 * A chain as the build before migration 0039 left it: no signed head, and an entry erased with
 * the mark of then (sha256 of the words the erasure left).
 */
describe('upgrading chains of before migration 0039', () => {
  let database: UpgradableDatabase;
  let erasedId: string;
  beforeAll(async () => {
    database = await databaseBefore('0039_activity_anchors');
    const db = database.orm;
    const [{ n }] = await db.insert(erasures).values({ userId: crypto.randomUUID(), erasedAt: new Date() }).returning();
    let prevHash = GENESIS_HASH;
    for (let i = 0; i < 3; i++) {
      const row: ChainedFields = {
        id: crypto.randomUUID(),
        at: new Date(Date.UTC(2026, 5, 1, 0, i)),
        actorId: null,
        actorRole: 'admin',
        actorName: 'Morgan Lee',
        ip: null,
        userAgent: null,
        requestId: `old-${i}`,
        action: 'person.update',
        summary: `Updated Wilhelmina Ostergaard ${i}`,
        objectKind: 'person',
        objectId: null,
        propertyId: PLACE,
        changes: {},
      };
      const digest = wordsDigest(row);
      const hash = chainHash(prevHash, row, digest);
      const erased = i === 1 ? { ...row, summary: `Updated Erased person #${n} ${i}` } : null;
      await db.insert(activity).values({
        ...(erased ?? row),
        prevHash,
        hash,
        wordsDigest: digest,
        erasedIn: erased ? n : null,
        erasedDigest: erased ? sha256Hex(canonicalWords(erased)) : null,
      });
      if (erased) erasedId = row.id;
      prevHash = hash;
    }
    await database.upgrade();
  });
  afterAll(() => database.close());

  it('names the chain unsigned until the upkeep signs it as found, re-marking its erased entry with the key', async () => {
    const db = database.orm;
    expect((await verifyActivityChains(db, SECRET)).broken).toEqual([
      expect.objectContaining({
        propertyId: PLACE,
        entryId: erasedId,
        problem: expect.stringMatching(/mark of erasure #\d+ is not the key's/),
      }),
    ]);
    expect(await anchorUnsignedChains(db, SECRET)).toBe(1);
    expect((await verifyActivityChains(db, SECRET)).broken).toEqual([]);
    const [entry] = await db.select().from(activity).where(eq(activity.id, erasedId));
    expect(entry.erasedDigest).not.toBe(sha256Hex(canonicalWords(entry)));
    const [head] = await db.select().from(activityHeads).where(eq(activityHeads.chain, PLACE));
    expect(head).toMatchObject({ seq: expect.any(Number), firstPrevHash: GENESIS_HASH });
    // Once: a chain with a head is never signed as found again.
    expect(await anchorUnsignedChains(db, SECRET)).toBe(0);
    expect(await db.select().from(activityHeads)).toHaveLength(1);
  });

  it('a key other than the one that signed it fails every head and erasure mark', async () => {
    const broken = (await verifyActivityChains(database.orm, crypto.randomBytes(32))).broken;
    expect(broken).toEqual([
      expect.objectContaining({ propertyId: PLACE, entryId: erasedId, problem: expect.stringMatching(/erasure #/) }),
    ]);
  });
});
