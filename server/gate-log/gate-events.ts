import { type SQL, sql } from 'drizzle-orm';
import { eventOutboxInsert } from '../platform/events/domain-events';

/**
 * The property events of gate log rows, as the outbox reads them (platform/events): `gate.opened`
 * for an opening the relay carried out, `gate.refused` for a refusal. Ids and words only: the
 * gate, the log row, how it was asked (app, qr, pin, card) and who asked, by id; never the
 * credential itself. A hold's rows (credential hold or schedule) are told as `hold.started` and
 * `hold.ended` by hold-open, not as openings.
 */
const gateEventRows = (rows: SQL, type: SQL, statuses: readonly string[]) => sql`
  select property_id, ${type} as type, "timestamp" as occurred_at,
    jsonb_build_object('logId', id, 'gateId', device_id, 'gateName', device_details->>'deviceName',
      'credential', credential, 'reason', reason, 'userId', actor_user_id, 'caller', caller_type) as data
  from ${rows}
  where property_id is not null and credential is distinct from 'hold' and credential is distinct from 'schedule'
    and status in (${sql.join(
      statuses.map((status) => sql`${status}`),
      sql`, `,
    )})`;

/**
 * `visitor.arrived`: a visitor's pass let in for the first time, at whichever gate. The log names
 * a pass by its resident, its visitor's email and the names on it, so "first" is: no earlier
 * opening of that pass in the log (read through the resident's index). The statement's own rows
 * are not yet let in when it reads, so a batch holding two first scans of one pass sends two.
 */
const arrivalRows = (rows: SQL) => sql`
  select property_id, 'visitor.arrived' as type, "timestamp" as occurred_at,
    jsonb_build_object('logId', id, 'gateId', device_id, 'gateName', device_details->>'deviceName',
      'residentId', creator_user_id,
      'visitorName', trim(concat_ws(' ', qr_code_details->>'qrFirstName', qr_code_details->>'qrLastName'))) as data
  from ${rows} as arrival
  where property_id is not null and caller_type = 'visitor' and credential = 'qr'
    and status in ('success', 'partial') and creator_user_id is not null
    and not exists (
      select 1 from relay_logs earlier
      where earlier.creator_user_id = arrival.creator_user_id and earlier.caller_type = 'visitor'
        and earlier.credential = 'qr' and earlier.status in ('success', 'partial')
        and earlier.id <> arrival.id
        and earlier.visitor_details->>'email' is not distinct from arrival.visitor_details->>'email'
        and earlier.qr_code_details = arrival.qr_code_details)`;

/** New rows (refusals, presses on a gate held open): their events, written by the same statement. */
export const newRowEvents = (rows: SQL) =>
  eventOutboxInsert(
    sql`${gateEventRows(rows, sql`case status when 'success' then 'gate.opened' else 'gate.refused' end`, [
      'success',
      'failed',
    ])} union all ${arrivalRows(rows)}`,
  );

/** Completed openings: an event for each the relay carried out (fully or partly), and arrivals. */
export const completedOpeningEvents = (rows: SQL) =>
  eventOutboxInsert(
    sql`${gateEventRows(rows, sql`'gate.opened'`, ['success', 'partial'])} union all ${arrivalRows(rows)}`,
  );
