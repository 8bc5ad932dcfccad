import type { LogStatus } from '@core/constants';
import { sql } from 'drizzle-orm';
import type { Orm } from '../platform/db/connect';
import type { RelayOperation } from '../platform/db/schema';
import { RECORD_COLUMNS, RECORD_TYPES, type RelayLogEntry, recordOf } from './relay-log-records';

export interface PendingOpening {
  id: string;
  entry: RelayLogEntry;
  /** After this, only a dead process can still hold the opening. */
  leaseUntil: Date;
}

export interface OpeningOutcome {
  id: string;
  status: Exclude<LogStatus, 'pending' | 'unknown'>;
  reason: string | null;
  relayOperations: RelayOperation[];
  totalDurationMs: number;
}

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Writes openings before their relay is asked: each pending log row and its in-flight marker, in
 * one statement (one commit). The CTE needs raw SQL, so unlike the refusals' insert it is not a
 * named prepared statement; only grants pay for that.
 */
export async function insertPendingOpenings(db: Orm, openings: PendingOpening[]) {
  const records = openings.map((opening) => ({ ...recordOf(opening), lease_until: opening.leaseUntil.toISOString() }));
  await db.execute(sql`
    with attempt as (
      select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
        as row(${RECORD_TYPES}, lease_until timestamptz)
    ), in_flight as (
      insert into openings_in_flight (log_id, lease_until) select id, lease_until from attempt
    )
    insert into relay_logs (${RECORD_COLUMNS}) select ${RECORD_COLUMNS} from attempt`);
}

/**
 * Writes what the relay did into each opening's log row and drops its marker, in one statement.
 * Whatever a sweep wrote meanwhile (a process stalled past its lease) is overwritten by the truth.
 * The rows are named by `= any(array(...))`: a join on the recordset alone, which the planner
 * takes for 100 rows, is planned as a scan of the whole log.
 */
export async function completeOpenings(db: Orm, outcomes: OpeningOutcome[]) {
  const records = outcomes.map((outcome) => ({
    id: outcome.id,
    status: outcome.status,
    reason: outcome.reason,
    relay_operations: outcome.relayOperations,
    total_duration_ms: Math.round(outcome.totalDurationMs),
  }));
  await db.execute(sql`
    with outcome as (
      select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
        as row(id uuid, status text, reason text, relay_operations jsonb, total_duration_ms integer)
    ), landed as (
      delete from openings_in_flight where log_id = any(array(select id from outcome))
    )
    update relay_logs set status = outcome.status, reason = outcome.reason,
      relay_operations = outcome.relay_operations, total_duration_ms = outcome.total_duration_ms
    from outcome where relay_logs.id = outcome.id and relay_logs.id = any(array(select id from outcome))`);
}

/**
 * Marks the openings whose lease ended before `leaseEndedBy` (every one, when null) as outcome
 * unknown and drops their markers; answers the log ids marked. Two processes sweeping at once
 * never mark one twice: the first delete holds the marker's row lock, the second finds it gone.
 */
export async function markAbandonedOpenings(
  db: Orm,
  options: { leaseEndedBy: Date | null; reason: string },
): Promise<string[]> {
  const ended = options.leaseEndedBy
    ? sql`where lease_until < ${options.leaseEndedBy.toISOString()}::timestamptz`
    : sql``;
  const marked = await db.execute(sql`
    with abandoned as (delete from openings_in_flight ${ended} returning log_id)
    update relay_logs set status = 'unknown', reason = ${options.reason}
    where relay_logs.id = any(array(select log_id from abandoned)) and relay_logs.status = 'pending'
    returning relay_logs.id`);
  return rowsOf<{ id: string }>(marked).map((row) => row.id);
}
