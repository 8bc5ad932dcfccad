import { sql } from 'drizzle-orm';
import { recordSubjects, SUBJECT_KEY } from '../../server/gate-log/gate-log-subjects';
import type { Queryable } from '../../server/platform/db/connect';

/**
 * Gives events a test inserted by hand (SQL or drizzle) their subject, as the gate path's own
 * insert does for every event it writes (docs/decisions/0059). Call after such a seed.
 */
export async function keySeededEvents(db: Queryable) {
  await db.execute(sql`
    with keyed as (
      update relay_logs set subject_key = ${SUBJECT_KEY} where subject_key is null returning "timestamp", search_text
    ), subjects as (${recordSubjects(sql`keyed`)})
    select count(*) from keyed`);
}
