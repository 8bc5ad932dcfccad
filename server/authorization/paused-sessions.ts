import { DEFAULT_TIME_ZONE } from '@core/constants';
import { sql } from 'drizzle-orm';
import type { Orm } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';

/**
 * Ends the sessions of people whose access is paused: a move-out date that has passed (or a
 * move-in not yet come) in their property's calendar, or a suspension. Suspending and editing the
 * dates end sessions at once; this catches a date passing by itself. Run with the job queue's
 * periodic sweeps (server/app/app.ts), on every process: the update is idempotent.
 */
export async function endPausedSessions(db: Orm, now: Date): Promise<number> {
  const at = now.toISOString();
  const ended = rowsOf<{ id: string }>(
    await db.execute(sql`
      update sessions s set ended_at = ${at}::timestamptz
      from users u left join properties p on p.id = u.property_id
      where s.user_id = u.id and s.ended_at is null
        and (u.suspended
          or u.access_until < (${at}::timestamptz at time zone coalesce(p.time_zone, ${DEFAULT_TIME_ZONE}))::date
          or u.access_from > (${at}::timestamptz at time zone coalesce(p.time_zone, ${DEFAULT_TIME_ZONE}))::date)
      returning s.id`),
  );
  return ended.length;
}
