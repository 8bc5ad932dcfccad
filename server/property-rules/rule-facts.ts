import type { RuleFacts, RulePerson } from '@core/rules/access-rule';
import { eq, type SQL, sql } from 'drizzle-orm';
import { relayHeldOnColumn } from '../device-records/hold-rows';
import type { Orm } from '../platform/db/connect';
import { preparedPerDatabase } from '../platform/db/prepared-per-database';
import { propertyRows as properties } from '../property-records/property-rows';
import { groupHasGate, groupHasMember } from './group-membership';
import { lockdownCovers } from './lockdown-cover';

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

const propertyId = sql.placeholder('propertyId');
// The subqueries name the outer row as "properties"."id" by hand: drizzle writes a column
// unqualified inside sql``, and the subquery's own tables (which have an id) would capture it.
const deviceId = sql`${sql.placeholder('deviceId')}::uuid`;

/**
 * A person, whether they belong to the gate's property, and the schedules of their groups that
 * include the gate: a group counts when they are a member of the property, and listed in it or it
 * follows every resident.
 */
const person = (userId: SQL) => sql<RulePerson | null>`(
  select json_build_object(
    'role', u.role, 'suspended', u.suspended, 'accessFrom', u.access_from, 'accessUntil', u.access_until,
    'opensDuringLockdown', u.opens_during_lockdown,
    'ofGateProperty', u.role = 'superadmin' or u.property_id is not distinct from "properties"."id",
    'gateSchedules', coalesce((
      select json_agg(g.schedule) from access_groups g
      where g.property_id = "properties"."id" and ${groupHasMember} and ${groupHasGate(deviceId)}
    ), '[]'::json))
  from users u where u.id = ${userId})`;

// Prepared once per database: it runs for every credential that would otherwise open a gate.
const ruleFactsQuery = preparedPerDatabase((db: Orm) =>
  db
    .select({
      lockdown: lockdownCovers(sql`"properties"."id"`, deviceId, sql`${sql.placeholder('at')}::timestamptz`),
      holder: person(sql`${sql.placeholder('holderUserId')}::uuid`),
      host: person(sql`${sql.placeholder('hostUserId')}::uuid`),
      held: relayHeldOnColumn(deviceId),
    })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .prepare('gate_rule_facts'),
);

/**
 * What the rules need to decide, and whether the gate is held open, read in one statement at the moment of the decision: never
 * cached, so a lockdown committed before it is seen by every process (docs/decisions/0044).
 */
export async function loadRuleFacts(
  db: Orm,
  question: RuleQuestion,
): Promise<Omit<RuleFacts, 'passAllowsGate'> & { held: boolean }> {
  const [row] = await ruleFactsQuery(db).execute({
    propertyId: question.propertyId,
    deviceId: question.deviceId,
    holderUserId: question.holderUserId ?? null,
    hostUserId: question.hostUserId ?? null,
    at: question.at.toISOString(),
  });
  return {
    lockdown: row?.lockdown ?? false,
    holder: row?.holder ?? null,
    host: row?.host ?? null,
    // The gate's relay is latched open (hold-open): a press has nothing to open.
    held: row?.held ?? false,
  };
}
