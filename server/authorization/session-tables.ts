// Relative imports, not '@core': drizzle-kit loads table files without the path alias.

import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { SessionEndReason } from '../../core/api/session-end';
import { users } from '../accounts/account-tables';
import { tz } from '../platform/db/columns';

/**
 * Signed-in sessions: every token names one (`sid`), and a token whose session has ended is
 * refused. Ending rows (never deleting them) is how logout, "sign out everywhere" and password
 * or role changes revoke; a deleted user's rows go with them.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Browser and system, from the user agent at sign-in. */
    label: text('label').notNull(),
    address: text('address').notNull(),
    createdAt: tz('created_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull(),
    /** Absolute end, counted from sign-in: refreshing never goes past it. */
    expiresAt: tz('expires_at').notNull(),
    endedAt: tz('ended_at'),
    /**
     * Why it was ended from elsewhere (a SessionEndReason: password changed or reset, signed out
     * from another device, second factor changed): the refused browser is told. Null otherwise.
     */
    endReason: text('end_reason').$type<SessionEndReason>(),
    /**
     * When this session passed the second factor: signed in with it, or enrolled one in it. Null
     * for a session from the password alone, which a user with a second factor may not use.
     */
    secondFactorAt: tz('second_factor_at'),
    /** A TOTP secret this session is setting up (sealed), until its first code confirms it. */
    totpPendingSealed: text('totp_pending_sealed'),
  },
  (t) => [index('sessions_user_live_idx').on(t.userId).where(sql`${t.endedAt} is null`)],
);
