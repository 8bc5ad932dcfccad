import type { ActivityChanges } from './activity-changes';
// Relative imports, not '@core': drizzle-kit loads table files without the path alias.

import { bigint, bigserial, index, integer, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { tz } from '../platform/db/columns';

/** A field's value before and after a change; secrets are the word "changed", never their value. */

/**
 * The activity trail: who changed what, in the transaction of the change. Append-only (a trigger
 * refuses UPDATE and DELETE but through the retention and erasure functions) and chained per
 * property: each row's hash covers the previous row's hash, its own canonical form and the digest
 * of its personal words (activity/activity-chain.ts).
 * No foreign keys: an entry outlives the person, property and object it names.
 */
export const activity = pgTable(
  'activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of the chain within a property. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    at: tz('at').notNull(),
    /** Null for "system" (jobs, schedules). */
    actorId: uuid('actor_id'),
    actorRole: text('actor_role').notNull(),
    /** The actor's name when it acted, or "system". */
    actorName: text('actor_name').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    objectKind: text('object_kind').notNull(),
    objectId: text('object_id'),
    /** Null: the chain of entries belonging to no property (super administrators' own, sign-ins). */
    propertyId: uuid('property_id'),
    changes: jsonb('changes').$type<ActivityChanges>().notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /**
     * sha256 of the personal words (actor name, summary, changes) as written; the hash covers this,
     * not the words, so erasure changes no hash (docs/decisions/0055). Null: an entry written
     * before migration 0036, whose hash covers its words, until the upgrade links its chain again.
     */
    wordsDigest: text('words_digest'),
    /** The n of the erasure that last replaced this entry's words; null if never erased. */
    erasedIn: integer('erased_in'),
    /**
     * The erasure's mark: a keyed digest (HMAC, key from the master secret) of the entry, the
     * erasure and the words it left (docs/decisions/0069); sha256 of those words before migration 0039.
     */
    erasedDigest: text('erased_digest'),
  },
  (t) => [
    index('activity_property_seq_idx').on(t.propertyId, t.seq),
    index('activity_at_idx').on(t.at),
    index('activity_actor_idx').on(t.actorId, t.at),
    index('activity_object_idx').on(t.objectId, t.at),
  ],
);

/**
 * Each trail chain's signed ends (docs/decisions/0069): its newest entry, and the hash the oldest
 * kept entry links to (the genesis, or the last entry retention removed), under a keyed digest
 * the database cannot make. Only the server moves them; audit:verify checks the chain against them.
 */
export const activityHeads = pgTable('activity_heads', {
  /** The chain's property id, or '' for the entries of no property. */
  chain: text('chain').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  firstPrevHash: text('first_prev_hash').notNull(),
  mac: text('mac').notNull(),
  signedAt: tz('signed_at').notNull(),
});

/**
 * People erased at a super administrator's request (docs/decisions/0051): their number is the n of
 * "Erased person #n" that stands for them wherever their name was. The id stays so erasure can be
 * applied again to a backup restored from before it; it names no one once the account is gone.
 */
export const erasures = pgTable('erasures', {
  n: serial('n').primaryKey(),
  userId: uuid('user_id').notNull(),
  erasedAt: tz('erased_at').notNull(),
  /** The super administrator who erased them. */
  erasedBy: uuid('erased_by'),
});
