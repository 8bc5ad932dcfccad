import { sql } from 'drizzle-orm';
import { createMonths } from '../server/gate-log/gate-log-partitions';
import type { Orm } from '../server/platform/db/connect';
import { rowsOf } from '../server/platform/db/rows';

export const BENCH_USERS = 5000;

const FIRST = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Frances', 'Edsger'];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
  'Dijkstra',
];
const GUESTS = ['Quentin', 'Priya', 'Mateo', 'Yuki', 'Amara', 'Sven', 'Leila', 'Tomas', 'Ines', 'Kofi'];

const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

/**
 * `rows` gate events over the year (or `spanDays`) before now in one INSERT ... SELECT: 50 properties, 5000
 * users (user u lives at property u % 50), two in three by users, one in three by visitors.
 */
export async function seedBenchLogs(db: Orm, rows: number, spanDays = 365) {
  // A database an older build left (bench/gate-log-partitions.bench.ts) has no subjects yet.
  const present = await db.execute(sql`select to_regclass('relay_log_subjects') is not null as keyed`);
  const keyed = Boolean(rowsOf<{ keyed: boolean }>(present)[0]?.keyed);
  // Each month its table, as the gate path's months ahead would have made them over the years.
  if (keyed) await createMonths(db, new Date(Date.now() - spanDays * 24 * 3600 * 1000), new Date());
  await db.execute(sql`
    insert into relay_logs (timestamp, property_id, device_id, actor_user_id, creator_user_id, caller_type,
      user_details, visitor_details, qr_code_details, creator_details, device_details, property_details,
      status, relay_operations, total_duration_ms, search_text ${keyed ? sql`, subject_key` : sql``})
    select ts, md5('property-' || (u % 50))::uuid, md5('device-' || (u % 50))::uuid,
      case when is_user then md5('user-' || u)::uuid end,
      case when not is_user then md5('user-' || u)::uuid end,
      case when is_user then 'user' else 'visitor' end,
      case when is_user then person end,
      case when not is_user then jsonb_build_object('firstName', guest, 'lastName', 'Guest' || (n % 997), 'email', 'guest' || n || '@example.com') end,
      case when not is_user then jsonb_build_object('qrFirstName', guest, 'qrLastName', 'Guest' || (n % 997)) end,
      case when not is_user then person end,
      jsonb_build_object('deviceName', 'Gate ' || (u % 50), 'deviceType', 'gate'),
      jsonb_build_object('propertyName', 'Property ' || (u % 50), 'propertyLocation', (u % 50) || ' Main Street'),
      case when n % 20 = 0 then 'failed' when n % 97 = 0 then 'partial' else 'success' end,
      jsonb_build_array(jsonb_build_object('command', 'relay/0 on', 'success', n % 20 <> 0)),
      50 + (n % 400),
      search_text ${keyed ? sql`, relay_log_subject_key(search_text)` : sql``}
    from (
      select *, lower(concat_ws(' ', person->>'firstName', person->>'lastName', person->>'email', person->>'phoneNumber',
        case when not is_user then guest || ' guest' || (n % 997) || ' guest' || n || '@example.com' end)) as search_text
      from (
        select n, u, is_user, guest,
          now() - (n::double precision / ${rows}) * ${spanDays}::int * interval '1 day' as ts,
          jsonb_build_object('firstName', (${textArray(FIRST)})[1 + u % 10], 'lastName', (${textArray(LAST)})[1 + (u / 10) % 10],
            'email', 'user' || u || '@example.com', 'phoneNumber', '+1555' || lpad(u::text, 7, '0')) as person
        from (
          select n, ((n::bigint * 7919) % ${BENCH_USERS})::int as u, n % 3 <> 0 as is_user, (${textArray(GUESTS)})[1 + (n / 7) % 10] as guest
          from generate_series(1, ${rows}::int) as n
        ) base
      ) people
    ) s`);
  // The subjects the gate path's insert records with each event, here all at once.
  if (keyed) {
    await db.execute(sql`
      insert into relay_log_subjects (month, key, search_text)
      select distinct relay_log_subject_month("timestamp"), subject_key, search_text from relay_logs
      on conflict do nothing`);
  }
  await db.execute(sql`vacuum analyze relay_logs`);
  if (keyed) await db.execute(sql`vacuum analyze relay_log_subjects`);
}
