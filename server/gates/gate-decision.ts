/**
 * The gate decision: every way in (visitor QR, delivery pass by QR or guest PIN, resident Secure
 * PIN, card, remote open from the app) hands its credential, already identified, to decideAtGate.
 * It alone counts the gateDecisions metric, writes the attempt's gate log row (logTarget: the one
 * device/property snapshot), applies the property's rules (lockdown, suspension and access dates,
 * groups and schedules, a pass's gates: docs/decisions/0044), checks the reader's deadline
 * (decideBy), opens the relay (openGate:
 * pending row, one pulse per device, outcome) and turns a relay that did not open into the answer.
 * Its two speed seams: the scan lookup (reader/qr-queries.ts, coalesced) and the log sink
 * (gate-log/gate-log-sink.ts, coalesced commits); one pulse per device is relay-pulse.ts.
 *
 * A granted QR scan, from the request to the relay and the log row, runs these 15 files of the
 * server (the platform below the seams and core/ are not counted):
 *  1. app/permission-checks.ts            the access hook: a device route identifies its reader first
 *  2. authorization/route-permissions.ts  the route's declaration (deviceReadInRoutePermission)
 *  3. authorization/device-key.ts         the key's hash, known keys admitted without a query
 *  4. authorization/caller.ts             bearerToken: the key from the Authorization header
 *  5. reader/qr-entry-routes.ts           the adapter: lookup, the code's validity, delivery and
 *                                         the unknown-code throttle for codes no visitor holds, verdict
 *  6. reader/qr-queries.ts                the scan lookup seam: device, property and code in one
 *                                         coalesced, prepared query
 *  7. gates/gate-decision.ts              this file: metric, rules, log row, deadline, opening, answer
 *  8. property-rules/rule-facts.ts        the rules' facts, read fresh in one prepared statement
 *  9. gate-log/gate-log-sink.ts           the log sink seam: coalesced commits of refusals, pending
 *                                         openings and their outcomes
 * 10. gates/relay-pulse.ts                one pulse per device (in process, across processes), driver
 * 11. devices/relay-target.ts             an HTTP relay's address and opened credentials (deps.httpTarget)
 * 12. devices/device-address.ts           parseDeviceAddress, for the target
 * 13. devices/device-credentials.ts       openCredentials: the relay's sealed login, opened
 * 14. device-health/seen-writes.ts        what the relay did, for the device's health (deps.recordRelayResult)
 * 15. reader/arrival-jobs.ts              "your visitor arrived", queued once the gate opened, if asked
 * A code no visitor holds may be a delivery pass: reader/delivery-grant.ts, delivery/delivery-use.ts.
 * A gate whose property the lookup did not bring reads it with property-records/property-queries.ts.
 * Below the seams: platform/db (coalescing, prepared statements), platform/relays (drivers, HTTP),
 * platform/jobs, platform/crypto, platform/http hooks, platform/limits (unknown codes only).
 */

import type { RelayFailure } from '@core/api/devices';
import { type EntryAnswer, QR_ENTRY_REASONS } from '@core/api/entry';
import { type AccessRule, type Refusal, refusal } from '@core/rules/access-rule';
import { ACCESS_RULE_MESSAGES, refusalLogWords } from '@core/rules/access-rule-messages';
import { wallTimeAt } from '@core/time/zoned-time';
import { recordRelayResult } from '../device-health/seen-writes';
import type { DeviceRow } from '../device-records/device-row';
import { httpRelayTarget } from '../devices/relay-target';
import {
  commitGateLog,
  commitOpeningOutcome,
  commitPendingOpening,
  type GateLogEntry,
} from '../gate-log/gate-log-sink';
import type { PlatformDeps } from '../platform/deps';
import type { JobQueue } from '../platform/jobs/job-queue';
import type { GatehouseMetrics } from '../platform/metrics/metrics';
import type { MqttLink } from '../platform/mqtt/mqtt-link';
import { DEFAULT_RELAY_TIMEOUTS, type RelayTimeouts } from '../platform/relays/relay-http';
import type { RelayOperation } from '../platform/relays/relay-operation';
import { findProperty } from '../property-records/property-queries';
import { loadRuleFacts } from '../property-rules/rule-facts';
import { pulseLeaseMs, pulseRelay, type RelayDeps, statusOf } from './relay-pulse';

export const GATE_DID_NOT_OPEN = 'The gate did not respond. Please try again.';

/** Everything a decision needs, built once per app (gateDependencies, below) and passed down. */
export interface GateDeps extends RelayDeps {
  /** The outbox of property events a gate's change writes beside it (hold-open's hold.started). */
  jobs: JobQueue;
  metrics: Pick<GatehouseMetrics, 'gateDecisions' | 'relayPulses'>;
  /** What a pulse said about the relay, for the device's health; never throws. */
  recordRelayResult: (deviceId: string, operations: RelayOperation[]) => Promise<void>;
}

/** Who asked, as the relay log keeps it. */
export type GateLogDetails = Pick<
  GateLogEntry,
  | 'callerType'
  | 'credential'
  | 'actorUserId'
  | 'creatorUserId'
  | 'userDetails'
  | 'visitorDetails'
  | 'qrCodeDetails'
  | 'creatorDetails'
>;

type LoggedProperty = { propertyName: string; propertyLocation: string };
/** The gate's property: its names for the log, its zone for the rules' hours and dates. */
type GateProperty = LoggedProperty & { timeZone: string };

/** A credential already identified: which gate, who (for the log), when, and the reader's deadline. */
export interface GateCall {
  device: DeviceRow;
  property: GateProperty;
  who: GateLogDetails;
  /** The gateDecisions metric's credential label; null: not counted (a remote open never was). */
  counted: string | null;
  /** When the credential was presented, for a refusal's row; the clock's now when absent. */
  at?: Date;
  /** The reader's deadline (ms since the epoch): once passed, nothing is opened. */
  decideBy?: number;
  /** A pass narrowed by its creator to some gates; null or absent: every gate its creator may use. */
  passGateIds?: string[] | null;
}

/** What identifying the credential concluded. */
export type Verdict =
  /**
   * Open the gate; the answer when it opened. `alongside` runs while the relay is pulsed;
   * `lateAs` is whom a late refusal's row names, when not `who` (a keypad's names no one).
   */
  | { grant: Omit<EntryAnswer, 'granted'>; alongside?: () => Promise<unknown>; lateAs?: GateLogDetails }
  /** Refused for `reason` (the metric's outcome `refuse`): one failed log row, no pulse. */
  | { refuse: string; reason: string; notice?: string }
  /** Too many attempts: counted (and logged with `logReason`, when given), then `error` is thrown. */
  | { throttle: string; error: Error; logReason?: string };

export interface Decision {
  answer: EntryAnswer;
  /** The metric's outcome: granted, relay_failed, late or the refusal's. */
  outcome: string;
  /** The opening, when the relay was asked. */
  opening: GateOpening | null;
}

export interface GateOpening {
  status: 'success' | 'failed' | 'partial';
  relayOperations: RelayOperation[];
  totalDurationMs: number;
  logId: string;
  /** Why the relay failed, when it did: in the log's words, and its kind for the person who pressed. */
  error?: string;
  failure?: RelayFailure;
  /** This press shared a pulse another press had started, and caused no opening of its own. */
  joined: boolean;
}

/** The device and property part of a relay log row: ids and snapshots of their names. */
function logTarget(device: DeviceRow, property: LoggedProperty | null) {
  return {
    propertyId: device.propertyId,
    deviceId: device.id,
    deviceDetails: { deviceName: device.deviceName, deviceType: device.deviceType },
    propertyDetails: property
      ? { propertyName: property.propertyName, propertyLocation: property.propertyLocation }
      : null,
  };
}

/** Decides one attempt at a gate: see the module comment. Relay failures are answered, never thrown. */
export async function decideAtGate(deps: GateDeps, call: GateCall, verdict: Verdict): Promise<Decision> {
  const count = (outcome: string) => {
    if (call.counted) deps.metrics.gateDecisions.inc({ credential: call.counted, outcome });
  };
  const refuse = async (
    outcome: string,
    reason: string,
    notice?: string,
    who = call.who,
    rule?: AccessRule,
  ): Promise<Decision> => {
    count(outcome);
    await logRefusal(deps, { ...call, who }, reason);
    const answer: EntryAnswer = { granted: false, reason };
    if (notice !== undefined) answer.notice = notice;
    if (rule) answer.rule = rule;
    return { answer, outcome, opening: null };
  };
  if ('throttle' in verdict) {
    count(verdict.throttle);
    if (verdict.logReason) await logRefusal(deps, call, verdict.logReason);
    throw verdict.error;
  }
  if ('refuse' in verdict) return refuse(verdict.refuse, verdict.reason, verdict.notice);
  const { refused, held } = await rulesAt(deps, call);
  if (refused) {
    const { rule } = refused;
    return refuse(rule, refusalLogWords(refused), readerWords(rule, call.who), call.who, rule);
  }
  if (call.decideBy !== undefined && deps.now().getTime() > call.decideBy)
    return refuse('late', QR_ENTRY_REASONS.late, undefined, verdict.lateAs);
  const [opening] = await Promise.all([
    held
      ? logHeldOpen(deps, call)
      : openGate(deps, { device: call.device, property: call.property, logDetails: call.who }),
    verdict.alongside?.(),
  ]);
  if (opening.status === 'failed') {
    count('relay_failed');
    return { answer: { granted: false, reason: GATE_DID_NOT_OPEN }, outcome: 'relay_failed', opening };
  }
  count('granted');
  return { answer: { granted: true, ...verdict.grant }, outcome: 'granted', opening };
}

const isPass = (who: GateLogDetails) => who.callerType === 'visitor';

/** What the person at the gate reads: a pass is spoken of as a pass. */
function readerWords(rule: AccessRule, who: GateLogDetails): string {
  const words = ACCESS_RULE_MESSAGES[rule];
  return isPass(who) ? words.reader : (words.holder ?? words.reader);
}

/**
 * The property's rules (core/rules/access-rule.ts) for this credential, read fresh: the holder's
 * rights for an app, PIN or card; the host's for a pass, and the pass's own gates.
 */
async function rulesAt(deps: GateDeps, call: GateCall): Promise<{ refused: Refusal | null; held: boolean }> {
  const at = call.at ?? deps.now();
  const facts = await loadRuleFacts(deps.db, {
    propertyId: call.device.propertyId,
    deviceId: call.device.id,
    holderUserId: isPass(call.who) ? null : call.who.actorUserId,
    hostUserId: isPass(call.who) ? call.who.creatorUserId : null,
    at,
  });
  const passAllowsGate = !call.passGateIds || call.passGateIds.includes(call.device.id);
  const wall = wallTimeAt(at, call.property.timeZone);
  return { refused: refusal({ ...facts, passAllowsGate }, wall), held: facts.held };
}

export const HELD_OPEN_REASON = 'Gate already held open';

/**
 * A granted press on a gate held open (hold-open/): logged as let in, with no pulse, whose timer
 * would otherwise switch the latched relay off until the next hold sweep.
 */
async function logHeldOpen(deps: GateDeps, call: GateCall): Promise<GateOpening> {
  const logId = await commitGateLog(deps.db, {
    ...call.who,
    timestamp: deps.now(),
    status: 'success',
    reason: HELD_OPEN_REASON,
    relayOperations: [],
    totalDurationMs: 0,
    ...logTarget(call.device, call.property),
  });
  return { status: 'success', relayOperations: [], totalDurationMs: 0, logId, joined: false };
}

/** A refused attempt: one failed relay log row with the reason, and no pulse. */
function logRefusal(deps: GateDeps, call: GateCall, reason: string) {
  return commitGateLog(deps.db, {
    ...call.who,
    timestamp: call.at ?? deps.now(),
    status: 'failed',
    reason,
    ...logTarget(call.device, call.property),
  });
}

/**
 * The longest a live process keeps an opening in flight is a press that joined another process's
 * pulse: that pulse's lease and a second more (relay-pulse.ts). The rest is room for the
 * completing write on a loaded database; a process stalled even longer overwrites the mark.
 */
const COMPLETION_ROOM_MS = 8000;

/**
 * Opens a gate: commits the attempt's relay log row as pending, pulses the device's relay, then
 * completes the row with what the relay did. A process that dies in between leaves the row to be
 * marked outcome unknown (abandoned-openings.ts): every opening is in the log. Relay failures are
 * answered, never thrown. Pass `property` when the caller already loaded it, to save a query.
 */
export async function openGate(
  deps: GateDeps,
  request: { device: DeviceRow; logDetails: GateLogDetails; property?: LoggedProperty | null },
): Promise<GateOpening> {
  const { device, logDetails } = request;
  const property = request.property ?? (await findProperty(deps.db, device.propertyId));
  const pressedAt = deps.now();
  const leaseUntil = new Date(pressedAt.getTime() + pulseLeaseMs(deps.timeouts) + COMPLETION_ROOM_MS);
  const logId = await commitPendingOpening(
    deps.db,
    { ...logDetails, timestamp: pressedAt, status: 'pending', ...logTarget(device, property) },
    leaseUntil,
  );
  const pulse = await pulseRelay(deps, device);
  const operations = pulse.joined
    ? pulse.operations.map((operation) => ({ ...operation, joined: true }))
    : pulse.operations;
  const status = statusOf(operations);
  const totalDurationMs = Math.round(pulse.durationMs);
  await Promise.all([
    commitOpeningOutcome(deps.db, {
      id: logId,
      status,
      reason: pulse.error ?? null,
      relayOperations: operations,
      totalDurationMs,
    }),
    deps.recordRelayResult(device.id, pulse.operations),
  ]);
  return {
    status,
    relayOperations: operations,
    totalDurationMs,
    logId,
    error: pulse.error,
    failure: pulse.failure,
    joined: pulse.joined,
  };
}

/**
 * The gate decision's dependencies, built once per app by the route wiring (server/app/routes.ts)
 * and passed to every way in; tests build their own, with short relay timeouts where they want.
 * Its `inFlight` map is this app's pulses in flight: presses through one deps object join them.
 */
/** What the app carries that a decision uses (the app itself is passed as is). */
export type GateDepsSource = Pick<PlatformDeps, 'db' | 'config' | 'log' | 'jobs'> & {
  metrics: GateDeps['metrics'];
  mqtt: MqttLink | null;
};

export function gateDependencies(app: GateDepsSource, options: { relayTimeouts?: RelayTimeouts } = {}): GateDeps {
  return {
    db: app.db,
    jobs: app.jobs,
    now: app.config.now,
    log: app.log,
    metrics: app.metrics,
    timeouts: options.relayTimeouts ?? DEFAULT_RELAY_TIMEOUTS,
    allowLocal: app.config.allowLocalDevices,
    mqtt: () => app.mqtt,
    httpTarget: (device) => httpRelayTarget(app, device),
    recordRelayResult: (deviceId, operations) => recordRelayResult(app, deviceId, operations),
    inFlight: new Map(),
  };
}
