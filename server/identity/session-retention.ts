import { sql } from 'drizzle-orm';
import { purgeEndedSessions } from '../authorization/session-retention';
import type { Orm } from '../platform/db/connect';
import { deleteInBatches } from '../platform/db/delete-in-batches';

/** Deletes sessions past their retention (authorization's) and spent WebAuthn challenges. */
export async function purgeOldSessions(db: Orm, now: Date): Promise<number> {
  const sessions = await purgeEndedSessions(db, now);
  const challenges = await deleteInBatches(
    db,
    'webauthn_challenges',
    sql`expires_at < ${now.toISOString()}::timestamptz`,
  );
  return sessions + challenges;
}
