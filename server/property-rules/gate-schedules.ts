import type { AccessSchedule } from '@core/rules/schedule';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { groupHasGate, groupHasMember } from './group-membership';

/**
 * For each gate of the user's property that one of their groups includes, the schedules of those
 * groups (the same membership the gate decision reads); a gate no group gives them is absent.
 */
export async function gateSchedulesOfUser(db: Queryable, userId: string): Promise<Map<string, AccessSchedule[]>> {
  const rows = rowsOf<{ device_id: string; schedules: AccessSchedule[] }>(
    await db.execute(sql`
      select d.id as device_id, json_agg(g.schedule) as schedules
      from users u
      join devices d on d.property_id = u.property_id and d.device_type = 'gate'
      join access_groups g on g.property_id = u.property_id
      where u.id = ${userId} and ${groupHasMember} and ${groupHasGate(sql`d.id`)}
      group by d.id`),
  );
  return new Map(rows.map((row) => [String(row.device_id), row.schedules]));
}
