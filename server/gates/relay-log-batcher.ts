import { coalescing } from '../platform/db/coalescing';
import type { Orm } from '../platform/db/connect';
import {
  completeOpenings,
  insertPendingOpenings,
  type OpeningOutcome,
  type PendingOpening,
} from '../relay-logs/opening-queries';
import { insertRelayLogRows, newRelayLogId, type RelayLogEntry } from '../relay-logs/relay-log-records';

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

const pendingCoalesced = coalescing(async (db: Orm, openings: PendingOpening[]) => {
  await insertPendingOpenings(db, openings);
  return openings.map((opening) => opening.id);
});

/** An opening's pending log row, committed (and batched like commitRelayLog) before its relay is asked. */
export function commitPendingOpening(db: Orm, entry: RelayLogEntry, leaseUntil: Date): Promise<string> {
  return pendingCoalesced(db, { id: newRelayLogId(), entry, leaseUntil });
}

const completionCoalesced = coalescing(async (db: Orm, outcomes: OpeningOutcome[]) => {
  await completeOpenings(db, outcomes);
  return outcomes.map(() => undefined);
});

/** What the relay did, into the opening's log row, batched like commitRelayLog. */
export function commitOpeningOutcome(db: Orm, outcome: OpeningOutcome): Promise<void> {
  return completionCoalesced(db, outcome);
}
