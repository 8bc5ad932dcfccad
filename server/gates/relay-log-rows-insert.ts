import { sql } from 'drizzle-orm';
import type { Orm } from '../db/connect';
import { type RelayLogEntry, searchTextOf } from '../relay-logs/relay-log-writer';

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
  ];
}

/**
 * Inserts many relay log rows in one statement whose text never changes with the row count:
 * one array per column, so the hot path builds no per-value SQL (the query builder's cost grew
 * with every row and column of a batch).
 */
export async function insertRelayLogRows(db: Orm, rows: { id: string; entry: RelayLogEntry }[]) {
  const [ids, at, property, device, actor, creator, callerType, user, visitor, qrCode, creatorDetails, ...rest] =
    columnsOf(rows).map((values) => sql.param(values));
  const [deviceDetails, propertyDetails, status, reason, operations, duration, searchText] = rest;
  await db.execute(sql`
    insert into relay_logs (id, "timestamp", property_id, device_id, actor_user_id, creator_user_id, caller_type,
      user_details, visitor_details, qr_code_details, creator_details, device_details, property_details,
      status, reason, relay_operations, total_duration_ms, search_text)
    select id::uuid, at::timestamptz, property::uuid, device::uuid, actor::uuid, creator::uuid, caller_type,
      user_details::jsonb, visitor_details::jsonb, qr_code::jsonb, creator_details::jsonb, device_details::jsonb,
      property_details::jsonb, status, reason, operations::jsonb, duration::integer, search_text
    from unnest(${ids}::text[], ${at}::text[], ${property}::text[], ${device}::text[], ${actor}::text[],
      ${creator}::text[], ${callerType}::text[], ${user}::text[], ${visitor}::text[], ${qrCode}::text[],
      ${creatorDetails}::text[], ${deviceDetails}::text[], ${propertyDetails}::text[], ${status}::text[],
      ${reason}::text[], ${operations}::text[], ${duration}::text[], ${searchText}::text[])
      as row(id, at, property, device, actor, creator, caller_type, user_details, visitor_details, qr_code,
        creator_details, device_details, property_details, status, reason, operations, duration, search_text)`);
}
