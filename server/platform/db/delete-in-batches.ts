import { type SQL, sql } from 'drizzle-orm';
import type { Orm } from './connect';
import { rowsOf } from './rows';

const PURGE_BATCH = 1000;
// Per purge run, so one run stays short; a larger backlog goes at the next run.
const PURGE_MAX_BATCHES = 20;

/** Deletes the rows of `table` matching `where`, a batch at a time, skipping rows locked by others. */
export async function deleteInBatches(db: Orm, table: string, where: SQL): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < PURGE_MAX_BATCHES; batch++) {
    const result = await db.execute(sql`
      delete from ${sql.identifier(table)} where id in (
        select id from ${sql.identifier(table)} where ${where} limit ${PURGE_BATCH} for update skip locked)
      returning id`);
    const deleted = rowsOf(result).length;
    total += deleted;
    if (deleted < PURGE_BATCH) break;
  }
  return total;
}
