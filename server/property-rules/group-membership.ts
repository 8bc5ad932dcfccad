import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether access group `g` counts user `u` among its members: listed in it, or the group follows
 * every resident ("All residents") and `u` is a resident of its property. The one definition the
 * gate decision (rule-facts.ts), the remote-open list and the Users list share.
 */
export const groupHasMember = sql`(
  (g.all_residents and u.role = 'resident' and u.property_id = g.property_id)
  or exists (select 1 from access_group_members m where m.group_id = g.id and m.user_id = u.id))`;

/** Whether access group `g` includes the gate: listed in it, or the group follows every gate. */
export const groupHasGate = (deviceId: SQL | string) =>
  sql`(g.all_gates or exists (select 1 from access_group_gates gg where gg.group_id = g.id and gg.device_id = ${deviceId}))`;
