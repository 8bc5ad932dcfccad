import { coalescing } from '../db/coalescing';
import type { Orm } from '../db/connect';
import { insertRelayLogRows, newRelayLogId, type RelayLogEntry } from '../relay-logs/relay-log-writer';

const insertCoalesced = coalescing(async (db: Orm, rows: { id: string; entry: RelayLogEntry }[]) => {
  await insertRelayLogRows(db, rows);
  return rows.map((row) => row.id);
});

/**
 * Writes a relay log row and resolves with its id once it is committed, like writeRelayLog, but
 * rows that arrive while a commit is in flight share the next one: under many simultaneous gate
 * openings the cost of a commit (a disk flush) is paid once per batch instead of once per row.
 */
export function commitRelayLog(db: Orm, entry: RelayLogEntry): Promise<string> {
  return insertCoalesced(db, { id: newRelayLogId(), entry });
}
