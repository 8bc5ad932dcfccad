import { sql } from 'drizzle-orm';
import type { Orm } from '../platform/db/connect';
import { deleteInBatches } from '../platform/db/delete-in-batches';

/**
 * How long a session row stays once it ended or reached its absolute end: long enough to tell a
 * browser seen recently from a new one (the new-browser email) and to look back at sign-ins.
 */
export const SESSION_RETENTION_DAYS = 30;

/** Deletes sessions ended or expired more than SESSION_RETENTION_DAYS before `now`; answers how many. */
export function purgeEndedSessions(db: Orm, now: Date): Promise<number> {
  const before = new Date(now.getTime() - SESSION_RETENTION_DAYS * 24 * 3600 * 1000).toISOString();
  return deleteInBatches(
    db,
    'sessions',
    sql`(ended_at < ${before}::timestamptz or expires_at < ${before}::timestamptz)`,
  );
}
