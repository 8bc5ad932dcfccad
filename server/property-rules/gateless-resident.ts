import { sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { groupHasGate, groupHasMember } from './group-membership';

/**
 * Whether a resident's property has gates but none of their groups includes one: they open no
 * gate, and no gate would accept a pass they make. A property with no gates yet is not this case
 * (the gates are still to be set up; the screens say so).
 */
export async function inNoGateGroup(db: Queryable, userId: string): Promise<boolean> {
  const [row] = rowsOf<{ shut_out: boolean }>(
    await db.execute(sql`
      select exists (select 1 from devices d where d.property_id = u.property_id and d.device_type = 'gate')
        and not exists (
          select 1 from devices d join access_groups g on g.property_id = u.property_id
          where d.property_id = u.property_id and d.device_type = 'gate' and ${groupHasMember} and ${groupHasGate(sql`d.id`)}
        ) as shut_out
      from users u where u.id = ${userId} and u.role = 'resident'`),
  );
  return row?.shut_out ?? false;
}
