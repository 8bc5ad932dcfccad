import type { WallTime } from '../time/zoned-time';
import { type AccessSchedule, isOpenAt } from './schedule';

/** The rules a gate decision applies, in the order it applies them (docs/decisions/0044). */
export const ACCESS_RULES = [
  'lockdown',
  'suspended',
  'outside_access_dates',
  'host_suspended',
  'not_allowed_at_gate',
  'outside_schedule',
] as const;
export type AccessRule = (typeof ACCESS_RULES)[number];

/** A person whose rights a credential carries: its holder (app, PIN, card) or a pass's host. */
export interface RulePerson {
  role: 'resident' | 'admin' | 'superadmin';
  suspended: boolean;
  accessFrom: string | null;
  accessUntil: string | null;
  opensDuringLockdown: boolean | null;
  /** Whether the person belongs to the gate's property now (a super administrator belongs to every one). */
  ofGateProperty: boolean;
  /** The schedules of the person's groups that include this gate. */
  gateSchedules: AccessSchedule[];
}

/** What the database says at the moment of a decision (server/property-rules/rule-facts.ts). */
export interface RuleFacts {
  lockdown: boolean;
  /** The credential's own holder: remote open, Secure PIN, card. */
  holder: RulePerson | null;
  /** The person who made the pass: visitor QR, delivery pass. */
  host: RulePerson | null;
  /** A pass narrowed to some gates, and whether this gate is one of them. */
  passAllowsGate: boolean;
}

const managesProperty = (person: RulePerson) => person.role !== 'resident';
const opensInLockdown = (person: RulePerson | null) =>
  person !== null && (person.opensDuringLockdown ?? managesProperty(person));
const paused = (person: RulePerson) => person.suspended;
const outsideDates = (person: Pick<RulePerson, 'accessFrom' | 'accessUntil'>, today: string) =>
  (person.accessFrom !== null && today < person.accessFrom) ||
  (person.accessUntil !== null && today > person.accessUntil);

/**
 * Why a rule refused, where the gate log can say more than the rule: whose rights failed and how
 * (a host outside their dates is not a suspended one; a pass for other gates is not a host in no group).
 */
const FINER_CAUSES = [
  'host_outside_access_dates',
  'holder_not_of_property',
  'host_not_of_property',
  'pass_not_for_gate',
  'host_not_in_group',
] as const;
export type FinerCause = (typeof FINER_CAUSES)[number];

export interface Refusal {
  /** What the reader and the API say (ACCESS_RULES). */
  rule: AccessRule;
  /** What the gate log says: the rule itself, or a finer cause of it. */
  cause: AccessRule | FinerCause;
}

const refuse = (rule: AccessRule, cause: AccessRule | FinerCause = rule): Refusal => ({ rule, cause });

/**
 * The first rule that refuses, and its cause, or null to let the credential through. Lockdown
 * comes first: it is about the gate and tells everyone the same. Then the person: paused, outside
 * their dates, the host's pause; a person's rights hold only at the property they belong to now
 * (a host who moved or manages another property leaves their passes' rights behind). Then the gate
 * (which groups include it) before the hour (their schedules), so a resident told "not now" knows
 * the gate is theirs at other hours.
 */
export function refusal(facts: RuleFacts, wall: WallTime): Refusal | null {
  if (facts.lockdown && !opensInLockdown(facts.holder)) return refuse('lockdown');
  const { holder, host } = facts;
  if (holder && paused(holder)) return refuse('suspended');
  if (holder && outsideDates(holder, wall.date)) return refuse('outside_access_dates');
  if (host && paused(host)) return refuse('host_suspended');
  if (host && outsideDates(host, wall.date)) return refuse('host_suspended', 'host_outside_access_dates');
  if (holder && !holder.ofGateProperty) return refuse('not_allowed_at_gate', 'holder_not_of_property');
  if (host && !host.ofGateProperty) return refuse('not_allowed_at_gate', 'host_not_of_property');
  if (!facts.passAllowsGate) return refuse('not_allowed_at_gate', 'pass_not_for_gate');
  if (holder && !managesProperty(holder)) {
    if (holder.gateSchedules.length === 0) return refuse('not_allowed_at_gate');
    if (!holder.gateSchedules.some((schedule) => isOpenAt(schedule, wall))) return refuse('outside_schedule');
  }
  // A pass opens the gates its host may use; its own window, not the host's hours, says when.
  if (host && !managesProperty(host) && host.gateSchedules.length === 0)
    return refuse('not_allowed_at_gate', 'host_not_in_group');
  return null;
}

/** Whether the person's own access is paused today (suspended, or outside their dates): sign-in asks this. */
export function accessPausedOn(person: Pick<RulePerson, 'suspended' | 'accessFrom' | 'accessUntil'>, today: string) {
  return person.suspended || outsideDates(person, today);
}
