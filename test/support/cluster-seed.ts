import { sql } from 'drizzle-orm';
import { devices } from '../../server/device-records/device-tables';
import { randomToken, sha256Hex } from '../../server/platform/crypto/keys';
import type { Orm } from '../../server/platform/db/connect';
import type { RelaySimulator } from '../../tools/relay-simulator/relay-simulator';

/**
 * A property with visitors and QR codes for load through several processes: "open-N" codes are
 * valid now (N = 1..openCodes, default codes), "closed-N" codes open one minute a week (refused,
 * fully decided), N = 1..codes; and `gates` gate devices on simulated relays, each with its reader key.
 */
export async function seedClusterProperty(
  orm: Orm,
  simulator: RelaySimulator,
  options: { codes: number; openCodes?: number; gates: number },
) {
  const openCodes = options.openCodes ?? options.codes;
  await orm.execute(sql`
    with p as (insert into properties (property_name, property_location) values ('Cluster Court', '3 Cluster Way') returning id),
    u as (insert into users (first_name, last_name, email, role, property_id)
          select 'Cora', 'Resident', 'cora@cluster.test', 'resident', id from p returning id, property_id)
    insert into visitors (first_name, last_name, email, property_id, created_by)
    select 'Visitor', n::text, 'visitor' || n || '@cluster.test', u.property_id, u.id from u, generate_series(1, 50) n`);
  await orm.execute(sql`
    insert into qr_codes (visitor_id, property_id, created_by, token_hash, qr_first_name, qr_last_name, qr_type,
                          start_date, end_date, recurring_days)
    select v.id, v.property_id, v.created_by, encode(sha256((kind || '-' || n)::bytea), 'hex'), 'Visitor', n::text,
           case when kind = 'open' then 'betweenDates' else 'weekdays' end, now() - interval '1 day', null,
           case when kind = 'open' then '[]'::jsonb
                else '[{"_id":"a","day":"Sunday","startTime":"03:33","endTime":"03:33"}]'::jsonb end
    from (select 'open' kind, n from generate_series(1, ${openCodes}) n
          union all select 'closed', n from generate_series(1, ${options.codes}) n) s
    join lateral (select * from visitors order by id offset (n % 50) limit 1) v on true`);
  await orm.execute(sql`analyze`);
  const [{ id: propertyId }] = (
    (await orm.execute(sql`select id from properties limit 1`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  const gates: { key: string; relayId: string; deviceId: string }[] = [];
  for (let g = 0; g < options.gates; g++) {
    const relay = await simulator.addDevice({ protocol: 'shelly-gen1' });
    const key = randomToken();
    const [device] = await orm
      .insert(devices)
      .values({
        propertyId,
        deviceName: `Cluster gate ${g}`,
        deviceIpAddress: relay.address,
        driver: 'shelly-gen1',
        pulseSeconds: 1,
        deviceKeyHash: sha256Hex(key),
      })
      .returning({ id: devices.id });
    gates.push({ key, relayId: relay.id, deviceId: device.id });
  }
  return gates;
}
