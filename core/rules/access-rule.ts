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
 * The first rule that refuses, or null to let the credential through. Lockdown comes first: it
 * is about the gate and tells everyone the same. Then the person: paused, outside their dates,
 * the host's pause. Then the gate (which groups include it) before the hour (their schedules), so
 * a resident told "not now" knows the gate is theirs at other hours.
 */
export function refusingRule(facts: RuleFacts, wall: WallTime): AccessRule | null {
  if (facts.lockdown && !opensInLockdown(facts.holder)) return 'lockdown';
  const { holder, host } = facts;
  if (holder && paused(holder)) return 'suspended';
  if (holder && outsideDates(holder, wall.date)) return 'outside_access_dates';
  if (host && (paused(host) || outsideDates(host, wall.date))) return 'host_suspended';
  if (!facts.passAllowsGate) return 'not_allowed_at_gate';
  if (holder && !managesProperty(holder)) {
    if (holder.gateSchedules.length === 0) return 'not_allowed_at_gate';
    if (!holder.gateSchedules.some((schedule) => isOpenAt(schedule, wall))) return 'outside_schedule';
  }
  // A pass opens the gates its host may use; its own window, not the host's hours, says when.
  if (host && !managesProperty(host) && host.gateSchedules.length === 0) return 'not_allowed_at_gate';
  return null;
}

/** Whether the person's own access is paused today (suspended, or outside their dates): sign-in asks this. */
export function accessPausedOn(person: Pick<RulePerson, 'suspended' | 'accessFrom' | 'accessUntil'>, today: string) {
  return person.suspended || outsideDates(person, today);
}
