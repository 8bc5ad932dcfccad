import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether access group `g` counts user `u` among its members: `u` belongs to the group's property
 * now (a listing left from before a move counts for nothing) and is listed in it, or the group
 * follows every resident ("All residents") and `u` is a resident. The one definition the gate
 * decision (rule-facts.ts), the remote-open list and the Users list share.
 */
export const groupHasMember = sql`(u.property_id = g.property_id and (
  (g.all_residents and u.role = 'resident')
  or exists (select 1 from access_group_members m where m.group_id = g.id and m.user_id = u.id)))`;

/** Whether access group `g` includes the gate: listed in it, or the group follows every gate. */
export const groupHasGate = (deviceId: SQL | string) =>
  sql`(g.all_gates or exists (select 1 from access_group_gates gg where gg.group_id = g.id and gg.device_id = ${deviceId}))`;
