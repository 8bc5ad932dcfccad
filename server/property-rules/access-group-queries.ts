import type { AccessGroupDto } from '@core/api/access-groups';
import { MAX_UNPAGED_LIST } from '@core/constants';
import type { AccessSchedule } from '@core/rules/schedule';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { groupHasMember } from './group-membership';
import { accessGroups } from './property-rule-tables';

type GroupRow = {
  id: string;
  property_id: string;
  name: string;
  all_gates: boolean;
  all_residents: boolean;
  schedule: AccessSchedule;
  gate_ids: string[];
  member_ids: string[];
  member_count: number;
};

/**
 * Groups with their gates and members resolved: a group that follows every gate or resident
 * ("All residents") lists the property's current ones, as the gate decision counts them
 * (rule-facts.ts).
 */
const groupsWhere = (condition: ReturnType<typeof sql>) => sql`
  select g.id, g.property_id, g.name, g.all_gates, g.all_residents, g.schedule,
    case when g.all_gates
      then array_to_json(array(select d.id from devices d where d.property_id = g.property_id and d.device_type = 'gate' order by d.device_name, d.id limit ${MAX_UNPAGED_LIST}))
      else array_to_json(array(select gg.device_id from access_group_gates gg join devices d on d.id = gg.device_id where gg.group_id = g.id order by d.device_name, d.id limit ${MAX_UNPAGED_LIST}))
    end as gate_ids,
    case when g.all_residents
      then array_to_json(array(select u.id from users u where u.property_id = g.property_id and u.role = 'resident' order by u.first_name, u.last_name, u.id limit ${MAX_UNPAGED_LIST}))
      else array_to_json(array(select m.user_id from access_group_members m join users u on u.id = m.user_id where m.group_id = g.id and u.property_id = g.property_id and u.role = 'resident' order by u.first_name, u.last_name, u.id limit ${MAX_UNPAGED_LIST}))
    end as member_ids,
    case when g.all_residents
      then (select count(*) from users u where u.property_id = g.property_id and u.role = 'resident')
      else (select count(*) from access_group_members m join users u on u.id = m.user_id where m.group_id = g.id and u.property_id = g.property_id and u.role = 'resident')
    end::integer as member_count
  from access_groups g
  where ${condition}
  order by g.created_at, g.name`;

const toDto = (row: GroupRow): AccessGroupDto => ({
  _id: row.id,
  propertyId: row.property_id,
  name: row.name,
  gateIds: row.gate_ids.map(String),
  memberIds: row.member_ids.map(String),
  memberCount: Number(row.member_count),
  schedule: row.schedule,
  followsAllGates: row.all_gates,
  allResidents: row.all_residents,
});

/** A property's groups, oldest first ("All residents" leads). */
export async function groupsOfProperty(db: Queryable, propertyId: string): Promise<AccessGroupDto[]> {
  return rowsOf<GroupRow>(await db.execute(groupsWhere(sql`g.property_id = ${propertyId}`))).map(toDto);
}

export async function findGroup(db: Queryable, groupId: string): Promise<AccessGroupDto | null> {
  const [row] = rowsOf<GroupRow>(await db.execute(groupsWhere(sql`g.id = ${groupId}`)));
  return row ? toDto(row) : null;
}

/** The property a group belongs to, for the route's scope; null when there is no such group. */
export async function groupScopeOf(db: Queryable, groupId: string | undefined) {
  if (!groupId) return null;
  const [row] = await db
    .select({ propertyId: accessGroups.propertyId })
    .from(accessGroups)
    .where(eq(accessGroups.id, groupId))
    .limit(1);
  return row ?? null;
}

/**
 * The names of each resident's groups (those of their own property, "All residents" included
 * while it follows every resident), for the Users list.
 */
export async function groupNamesOfUsers(db: Queryable, userIds: string[]): Promise<Map<string, string[]>> {
  if (!userIds.length) return new Map();
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = rowsOf<{ user_id: string; names: string[] }>(
    await db.execute(sql`
      select u.id as user_id,
        array_to_json(array(
          select g.name from access_groups g
          where g.property_id = u.property_id and ${groupHasMember}
          order by g.created_at, g.name
        )) as names
      from users u where u.id in (${ids})`),
  );
  return new Map(rows.map((row) => [String(row.user_id), row.names]));
}

/** The access groups a person is in, oldest first, each with its schedule and the names of the gates it opens. */
export async function groupsOfPersonWithGates(db: Queryable, userId: string) {
  return rowsOf<{ name: string; schedule: AccessSchedule; gates: string[] }>(
    await db.execute(sql`
      select g.name, g.schedule,
        array_to_json(array(
          select d.device_name from devices d
          where d.property_id = g.property_id and d.device_type = 'gate'
            and (g.all_gates or exists (select 1 from access_group_gates gg where gg.group_id = g.id and gg.device_id = d.id))
          order by d.device_name, d.id
        )) as gates
      from access_groups g join users u on u.id = ${userId}
      where ${groupHasMember}
      order by g.created_at, g.name`),
  );
}
