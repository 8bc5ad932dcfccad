// Relative imports, not '@core': drizzle-kit loads table files without the path alias.

import { bigint, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/account-tables';
import { createdAt, tz } from '../platform/db/columns';

/** Invitation (verify-email) and password-reset tokens; single use, stored hashed. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['invite', 'reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('account_tokens_hash_unique').on(t.tokenHash), index('account_tokens_user_idx').on(t.userId)],
);

/** Single-use recovery codes of a user's second factor, stored as keyed hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_unique').on(t.userId, t.codeHash)],
);

/** Passkeys (WebAuthn credentials) a user signs in with as their second factor. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The authenticator's credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** COSE public key, base64url: public by nature, so not sealed. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: a use must raise it (a cloned key shows up). */
    signCount: bigint('sign_count', { mode: 'number' }).notNull(),
    transports: jsonb('transports').$type<string[]>().notNull(),
    createdAt: createdAt(),
    lastUsedAt: tz('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_unique').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges handed out and not yet answered, stored hashed: each works once (deleted
 * as it is used), for a few minutes, in whichever process the answer reaches.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'register' | 'sign-in'>().notNull(),
    challengeHash: text('challenge_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_hash_unique').on(t.challengeHash),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
  ],
);
