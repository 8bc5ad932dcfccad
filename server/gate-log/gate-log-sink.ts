/**
 * The log sink: every gate attempt's relay log row goes in through here. Rows that arrive while a
 * commit is in flight share the next one (commitGateLog, commitPendingOpening,
 * commitOpeningOutcome): under many simultaneous gate decisions the cost of a commit (a disk
 * flush) is paid once per batch instead of once per row. The row's JSON record, its columns and
 * the statements are here too, so a reader follows a log row from the decision to SQL in one file.
 */
import type { LogStatus } from '@core/constants';
import type { GateCredential } from '@core/gate-credentials';
import { sql } from 'drizzle-orm';
import { v7 as timeOrderedUuid } from 'uuid';
import { coalescing } from '../platform/db/coalescing';
import type { Orm, Queryable, Tx } from '../platform/db/connect';
import { preparedPerDatabase } from '../platform/db/prepared-per-database';
import { rowsOf } from '../platform/db/rows';
import type { RelayOperation } from '../platform/relays/relay-operation';
import { completedOpeningEvents, newRowEvents } from './gate-events';
import { recordSubjects, SUBJECT_KEY } from './gate-log-subjects';
import { gateLogs } from './gate-log-tables';
import type { PersonDetails } from './person-details';

export interface GateLogEntry {
  timestamp: Date;
  callerType: 'user' | 'visitor';
  status: LogStatus;
  reason?: string | null;
  /** How the opening was asked for. */
  credential?: GateCredential | null;
  propertyId: string | null;
  deviceId: string | null;
  actorUserId?: string | null;
  creatorUserId?: string | null;
  userDetails?: PersonDetails | null;
  visitorDetails?: Omit<PersonDetails, 'phoneNumber'> | null;
  qrCodeDetails?: { qrFirstName: string; qrLastName: string } | null;
  creatorDetails?: PersonDetails | null;
  deviceDetails?: { deviceName: string; deviceType: string } | null;
  propertyDetails?: { propertyName: string; propertyLocation: string } | null;
  relayOperations?: RelayOperation[];
  totalDurationMs?: number;
}

/** Longest search text kept: a subject's trigram entries stay bounded however much a visitor types. */
export const SEARCH_TEXT_MAX = 600;

/** Lowercased names, emails, phones and QR names of everyone an entry mentions, for the log search. */
export function searchTextOf(
  entry: Pick<GateLogEntry, 'userDetails' | 'visitorDetails' | 'creatorDetails' | 'qrCodeDetails'>,
): string {
  const people = [entry.userDetails, entry.visitorDetails, entry.creatorDetails];
  const parts = people.flatMap((p) => (p ? [p.firstName, p.lastName, p.email, (p as PersonDetails).phoneNumber] : []));
  if (entry.qrCodeDetails) parts.push(entry.qrCodeDetails.qrFirstName, entry.qrCodeDetails.qrLastName);
  return parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .toLowerCase()
    .slice(0, SEARCH_TEXT_MAX);
}

/** One row as the JSON record the inserts read (RECORD_TYPES); the jsonb columns stay objects. */
export function recordOf({ id, entry }: { id: string; entry: GateLogEntry }) {
  return {
    id,
    timestamp: entry.timestamp.toISOString(),
    property_id: entry.propertyId,
    device_id: entry.deviceId,
    actor_user_id: entry.actorUserId ?? null,
    creator_user_id: entry.creatorUserId ?? null,
    caller_type: entry.callerType,
    user_details: entry.userDetails ?? null,
    visitor_details: entry.visitorDetails ?? null,
    qr_code_details: entry.qrCodeDetails ?? null,
    creator_details: entry.creatorDetails ?? null,
    device_details: entry.deviceDetails ?? null,
    property_details: entry.propertyDetails ?? null,
    status: entry.status,
    reason: entry.reason ?? null,
    relay_operations: entry.relayOperations ?? [],
    total_duration_ms: Math.round(entry.totalDurationMs ?? 0),
    search_text: searchTextOf(entry),
    credential: entry.credential ?? null,
  };
}

/** A record's columns in relay_logs' schema order (drizzle names every column so in an insert). */
export const RECORD_COLUMNS = sql.raw(`id, "timestamp", property_id, device_id, actor_user_id, creator_user_id,
  caller_type, user_details, visitor_details, qr_code_details, creator_details, device_details, property_details,
  status, reason, credential, relay_operations, total_duration_ms, search_text`);
/** The same columns with their types, for jsonb_to_recordset. */
export const RECORD_TYPES = sql.raw(`id uuid, "timestamp" timestamptz, property_id uuid, device_id uuid,
  actor_user_id uuid, creator_user_id uuid, caller_type text, user_details jsonb, visitor_details jsonb,
  qr_code_details jsonb, creator_details jsonb, device_details jsonb, property_details jsonb, status text,
  reason text, credential text, relay_operations jsonb, total_duration_ms integer, search_text text`);

/**
 * The statement that inserts many relay log rows with one parameter: the rows as a JSON array that
 * the database unpacks (jsonb_to_recordset), each with its subject key, and their subjects in the
 * same statement (docs/decisions/0059), and their gate events into the outbox (docs/decisions/0088).
 * Its text never changes with the row count.
 */
const gateLogInsert = (db: Queryable) => {
  const incoming = db
    .$with('incoming', { id: sql`id` })
    .as(sql`select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as row(${RECORD_TYPES})`);
  const subjects = db.$with('subjects', { month: sql`month` }).as(recordSubjects(sql`incoming`));
  const events = db.$with('events', { kind: sql`kind` }).as(newRowEvents(sql`incoming`));
  return db
    .with(incoming, subjects, events)
    .insert(gateLogs)
    .select(sql`select ${RECORD_COLUMNS}, ${SUBJECT_KEY} from incoming`);
};

/**
 * Prepared once per database: the hot path builds no per-value SQL, escapes no arrays, and on
 * PostgreSQL the statement is neither parsed nor planned again (bench/access-qr.bench.ts).
 */
const insertRows = preparedPerDatabase((db: Orm) => gateLogInsert(db).prepare('relay_log_insert_rows'));

export async function insertGateLogRows(db: Orm, rows: { id: string; entry: GateLogEntry }[]) {
  await insertRows(db).execute({ rows: JSON.stringify(rows.map(recordOf)) });
}

/** One relay log row written inside a transaction (the same statement, unprepared); returns its id. */
export async function writeGateLogIn(tx: Tx, entry: GateLogEntry): Promise<string> {
  const id = newGateLogId();
  await gateLogInsert(tx).execute({ rows: JSON.stringify([recordOf({ id, entry })]) });
  return id;
}

/**
 * A new log row's id: a UUIDv7, ordered by the time it was made. Rows written in the same
 * millisecond list in the order they were written (the log is sorted by timestamp, then id), and
 * each insert lands on the primary key's last page instead of a random one, which after a checkpoint
 * costs a full page image in the WAL per row on a large log. docs/decisions/0019.
 */
export const newGateLogId = (): string => timeOrderedUuid();

/**
 * Writes one gate attempt with snapshots of who and what it involved; returns its id. The same
 * statement as the batched writer below (commitGateLog), for seeding and one-offs.
 */
export async function writeGateLog(db: Orm, entry: GateLogEntry): Promise<string> {
  const id = newGateLogId();
  await insertGateLogRows(db, [{ id, entry }]);
  return id;
}

export interface PendingOpening {
  id: string;
  entry: GateLogEntry;
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

/**
 * Writes openings before their relay is asked: each pending log row and its in-flight marker, in
 * one statement (one commit). The CTE needs raw SQL, so unlike the refusals' insert it is not a
 * named prepared statement; only grants pay for that.
 */
async function insertPendingOpenings(db: Orm, openings: PendingOpening[]) {
  const records = openings.map((opening) => ({ ...recordOf(opening), lease_until: opening.leaseUntil.toISOString() }));
  await db.execute(sql`
    with attempt as (
      select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
        as row(${RECORD_TYPES}, lease_until timestamptz)
    ), in_flight as (
      insert into openings_in_flight (log_id, lease_until) select id, lease_until from attempt
    ), subjects as (${recordSubjects(sql`attempt`)})
    insert into relay_logs (${RECORD_COLUMNS}, subject_key) select ${RECORD_COLUMNS}, ${SUBJECT_KEY} from attempt`);
}

/**
 * Writes what the relay did into each opening's log row, drops its marker and puts the
 * `gate.opened` events into the outbox, in one statement.
 * Whatever a sweep wrote meanwhile (a process stalled past its lease) is overwritten by the truth.
 * The rows are named by `= any(array(...))`: a join on the recordset alone, which the planner
 * takes for 100 rows, is planned as a scan of the whole log.
 */
async function completeOpenings(db: Orm, outcomes: OpeningOutcome[]) {
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
    ), completed as (
      update relay_logs set status = outcome.status, reason = outcome.reason,
        relay_operations = outcome.relay_operations, total_duration_ms = outcome.total_duration_ms
      from outcome where relay_logs.id = outcome.id and relay_logs.id = any(array(select id from outcome))
      returning relay_logs.*
    )
    ${completedOpeningEvents(sql`completed`)}`);
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

const insertCoalesced = coalescing(async (db: Orm, rows: { id: string; entry: GateLogEntry }[]) => {
  await insertGateLogRows(db, rows);
  return rows.map((row) => row.id);
});

/**
 * Writes a relay log row and resolves with its id once it is committed, like writeGateLog, but
 * rows that arrive while a commit is in flight share the next one.
 */
export function commitGateLog(db: Orm, entry: GateLogEntry): Promise<string> {
  return insertCoalesced(db, { id: newGateLogId(), entry });
}

const pendingCoalesced = coalescing(async (db: Orm, openings: PendingOpening[]) => {
  await insertPendingOpenings(db, openings);
  return openings.map((opening) => opening.id);
});

/** An opening's pending log row, committed (and batched like commitGateLog) before its relay is asked. */
export function commitPendingOpening(db: Orm, entry: GateLogEntry, leaseUntil: Date): Promise<string> {
  return pendingCoalesced(db, { id: newGateLogId(), entry, leaseUntil });
}

const completionCoalesced = coalescing(async (db: Orm, outcomes: OpeningOutcome[]) => {
  await completeOpenings(db, outcomes);
  return outcomes.map(() => undefined);
});

/** What the relay did, into the opening's log row, batched like commitGateLog. */
export function commitOpeningOutcome(db: Orm, outcome: OpeningOutcome): Promise<void> {
  return completionCoalesced(db, outcome);
}
