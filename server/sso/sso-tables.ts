import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A sign-in sent to the OpenID provider and not yet back: taken (deleted) by its one callback, so
 * a replayed or forged callback finds nothing. The state is kept as its SHA-256, the PKCE verifier
 * sealed (key 'oidc-verifier').
 */
export const oidcSignIns = pgTable('oidc_sign_ins', {
  stateHash: text('state_hash').primaryKey(),
  role: text('role').notNull(),
  nonce: text('nonce').notNull(),
  verifierSealed: text('verifier_sealed').notNull(),
  expiresAt: tz('expires_at').notNull(),
});
