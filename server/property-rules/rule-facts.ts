import type { RuleFacts, RulePerson } from '@core/rules/access-rule';
import { sql } from 'drizzle-orm';
import type { Orm } from '../platform/db/connect';
import { rowsOf } from '../platform/db/rows';
import { groupHasGate, groupHasMember } from './group-membership';

/** Whose rights a decision checks, at which gate and when. */
export interface RuleQuestion {
  propertyId: string;
  deviceId: string;
  /** The credential's holder: remote open, Secure PIN, card. */
  holderUserId?: string | null;
  /** The pass's creator: visitor QR, delivery pass. */
  hostUserId?: string | null;
  at: Date;
}

/**
 * A person and the schedules of their groups that include the gate: a group counts when they are
 * a member, or when it is one that follows every resident and they are a resident of the property.
 */
const person = (userId: string | null | undefined, { propertyId, deviceId }: RuleQuestion) => sql`(
  select json_build_object(
    'role', u.role, 'suspended', u.suspended, 'accessFrom', u.access_from, 'accessUntil', u.access_until,
    'opensDuringLockdown', u.opens_during_lockdown,
    'gateSchedules', coalesce((
      select json_agg(g.schedule) from access_groups g
      where g.property_id = ${propertyId} and ${groupHasMember} and ${groupHasGate(deviceId)}
    ), '[]'::json))
  from users u where u.id = ${userId ?? null}::uuid)`;

/**
 * What the rules need to decide, read in one statement at the moment of the decision: never
 * cached, so a lockdown committed before it is seen by every process (docs/decisions/0044).
 */
export async function loadRuleFacts(db: Orm, question: RuleQuestion): Promise<Omit<RuleFacts, 'passAllowsGate'>> {
  const { propertyId, deviceId, at } = question;
  const [row] = rowsOf<{ lockdown: boolean; holder: RulePerson | null; host: RulePerson | null }>(
    await db.execute(sql`select
      exists (
        select 1 from lockdowns l
        where l.property_id = ${propertyId} and l.ended_at is null
          and (l.ends_at is null or l.ends_at > ${at.toISOString()}::timestamptz)
          and (l.gate_ids is null or ${deviceId}::uuid = any (l.gate_ids))
      ) as lockdown,
      ${person(question.holderUserId, question)} as holder,
      ${person(question.hostUserId, question)} as host`),
  );
  return { lockdown: row.lockdown, holder: row.holder, host: row.host };
}
