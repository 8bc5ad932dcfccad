import crypto from 'node:crypto';
import type { GateCredential } from '@core/gate-credentials';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/connect';
import type { PersonDetails, RelayOperation } from '../db/schema';

export interface RelayLogEntry {
  timestamp: Date;
  callerType: 'user' | 'visitor';
  status: 'success' | 'failed' | 'partial';
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

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Each column as one text array, in the order of the insert below. */
function columnsOf(rows: { id: string; entry: RelayLogEntry }[]): (string | null)[][] {
  const column = (value: (entry: RelayLogEntry, id: string) => string | null) =>
    rows.map(({ id, entry }) => value(entry, id));
  return [
    column((_entry, id) => id),
    column((entry) => entry.timestamp.toISOString()),
    column((entry) => entry.propertyId),
    column((entry) => entry.deviceId),
    column((entry) => entry.actorUserId ?? null),
    column((entry) => entry.creatorUserId ?? null),
    column((entry) => entry.callerType),
    column((entry) => json(entry.userDetails)),
    column((entry) => json(entry.visitorDetails)),
    column((entry) => json(entry.qrCodeDetails)),
    column((entry) => json(entry.creatorDetails)),
    column((entry) => json(entry.deviceDetails)),
    column((entry) => json(entry.propertyDetails)),
    column((entry) => entry.status),
    column((entry) => entry.reason ?? null),
    column((entry) => JSON.stringify(entry.relayOperations ?? [])),
    column((entry) => String(Math.round(entry.totalDurationMs ?? 0))),
    column((entry) => searchTextOf(entry)),
    column((entry) => entry.credential ?? null),
  ];
}

/**
 * Inserts many relay log rows in one statement whose text never changes with the row count:
 * one array per column, so the hot path builds no per-value SQL (the query builder's cost grew
 * with every row and column of a batch).
 */
export async function insertRelayLogRows(db: Queryable, rows: { id: string; entry: RelayLogEntry }[]) {
  const [ids, at, property, device, actor, creator, callerType, user, visitor, qrCode, creatorDetails, ...rest] =
    columnsOf(rows).map((values) => sql.param(values));
  const [deviceDetails, propertyDetails, status, reason, operations, duration, searchText, credential] = rest;
  await db.execute(sql`
    insert into relay_logs (id, "timestamp", property_id, device_id, actor_user_id, creator_user_id, caller_type,
      user_details, visitor_details, qr_code_details, creator_details, device_details, property_details,
      status, reason, relay_operations, total_duration_ms, search_text, credential)
    select id::uuid, at::timestamptz, property::uuid, device::uuid, actor::uuid, creator::uuid, caller_type,
      user_details::jsonb, visitor_details::jsonb, qr_code::jsonb, creator_details::jsonb, device_details::jsonb,
      property_details::jsonb, status, reason, operations::jsonb, duration::integer, search_text, credential
    from unnest(${ids}::text[], ${at}::text[], ${property}::text[], ${device}::text[], ${actor}::text[],
      ${creator}::text[], ${callerType}::text[], ${user}::text[], ${visitor}::text[], ${qrCode}::text[],
      ${creatorDetails}::text[], ${deviceDetails}::text[], ${propertyDetails}::text[], ${status}::text[],
      ${reason}::text[], ${operations}::text[], ${duration}::text[], ${searchText}::text[], ${credential}::text[])
      as row(id, at, property, device, actor, creator, caller_type, user_details, visitor_details, qr_code,
        creator_details, device_details, property_details, status, reason, operations, duration, search_text,
        credential)`);
}

/**
 * Writes one gate attempt with snapshots of who and what it involved; returns its id. The same
 * statement as the batched writer production uses (commitRelayLog), for seeding and one-offs.
 */
export async function writeRelayLog(db: Queryable, entry: RelayLogEntry): Promise<string> {
  const id = crypto.randomUUID();
  await insertRelayLogRows(db, [{ id, entry }]);
  return id;
}
