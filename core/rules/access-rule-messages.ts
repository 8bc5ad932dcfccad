import type { AccessRule, FinerCause, Refusal } from './access-rule';

/**
 * Each rule's refusal: the gate log's words, and what a reader's screen shows the person at the
 * gate (`reader` for a pass; `holder`, when given, for a resident's own app, PIN or card).
 */
export const ACCESS_RULE_MESSAGES: Record<AccessRule, { log: string; reader: string; holder?: string }> = {
  lockdown: { log: 'Lockdown', reader: 'Gate locked down' },
  suspended: {
    log: 'Access paused (suspended)',
    reader: 'Your access is paused. Please contact your property manager.',
  },
  outside_access_dates: {
    log: 'Outside access dates',
    reader: "Your access isn't active on this date. Please contact your property manager.",
  },
  host_suspended: { log: "Host's access paused", reader: "This pass can't be used right now" },
  not_allowed_at_gate: {
    log: 'Not in a group for this gate',
    reader: "This pass doesn't open this gate",
    holder: "You don't have access to this gate",
  },
  outside_schedule: {
    log: 'Outside schedule',
    reader: 'Not allowed at this time',
    holder: 'Not within your access hours',
  },
};

/** The gate log's words for a refusal whose cause is finer than its rule. */
const FINER_CAUSE_LOG: Record<FinerCause, string> = {
  host_outside_access_dates: 'Host outside access dates',
  holder_not_of_property: 'Not a member of this property',
  host_not_of_property: 'Host no longer belongs to this property',
  pass_not_for_gate: 'Pass not valid at this gate',
  host_not_in_group: 'Host not in a group for this gate',
};

/** What the gate log records for a refusal: its real cause. */
export const refusalLogWords = ({ rule, cause }: Refusal) =>
  cause === rule ? ACCESS_RULE_MESSAGES[rule].log : FINER_CAUSE_LOG[cause as FinerCause];
