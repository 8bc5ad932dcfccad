import type { LogStatus } from '@core/constants';
import type { GateCredential } from '@core/gate-credentials';
import { sql } from 'drizzle-orm';
import { v7 as timeOrderedUuid } from 'uuid';
import type { Orm } from '../platform/db/connect';
import { preparedPerDatabase } from '../platform/db/prepared-per-database';
import { type PersonDetails, type RelayOperation, relayLogs } from '../platform/db/schema';

export interface RelayLogEntry {
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

/** Longest search text kept: the time and property-time indexes carry it, and a btree entry is bounded. */
export const SEARCH_TEXT_MAX = 600;

/** Lowercased names, emails, phones and QR names of everyone an entry mentions, for the log search. */
export function searchTextOf(entry: RelayLogEntry): string {
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
export function recordOf({ id, entry }: { id: string; entry: RelayLogEntry }) {
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
 * Inserts many relay log rows in one statement with one parameter: the rows as a JSON array that
 * the database unpacks (jsonb_to_recordset). Its text never changes with the row count, so it is
 * prepared once per database: the hot path builds no per-value SQL, escapes no arrays, and on
 * PostgreSQL the statement is neither parsed nor planned again (bench/access-qr.bench.ts).
 */
const insertRows = preparedPerDatabase((db: Orm) =>
  db
    .insert(relayLogs)
    .select(
      sql`select ${RECORD_COLUMNS} from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as row(${RECORD_TYPES})`,
    )
    .prepare('relay_log_insert_rows'),
);

export async function insertRelayLogRows(db: Orm, rows: { id: string; entry: RelayLogEntry }[]) {
  await insertRows(db).execute({ rows: JSON.stringify(rows.map(recordOf)) });
}

/**
 * A new log row's id: a UUIDv7, ordered by the time it was made. Rows written in the same
 * millisecond list in the order they were written (the log is sorted by timestamp, then id), and
 * each insert lands on the primary key's last page instead of a random one, which after a checkpoint
 * costs a full page image in the WAL per row on a large log. docs/decisions/0019.
 */
export const newRelayLogId = (): string => timeOrderedUuid();

/**
 * Writes one gate attempt with snapshots of who and what it involved; returns its id. The same
 * statement as the batched writer production uses (commitRelayLog), for seeding and one-offs.
 */
export async function writeRelayLog(db: Orm, entry: RelayLogEntry): Promise<string> {
  const id = newRelayLogId();
  await insertRelayLogRows(db, [{ id, entry }]);
  return id;
}
