import type { GateLogDto } from '@core/api/gate-log';
import { accessByName } from '@core/api/gate-log-cells';
import { LOG_MESSAGES } from '@core/api/gate-log-messages';

/**
 * docs/SPEC.md §2: 'User Access: <person> accessed/attempted to access <property or the gate>', likewise
 * 'Visitor Access: ...', else 'Gate activity recorded'.
 */
export function notificationMessage(log: GateLogDto): string {
  const changed = gateStateMessage(log);
  if (changed) return changed;
  const known = log.callerType === 'user' ? log.userDetails : log.visitorDetails || log.qrCodeDetails;
  if (!known) return LOG_MESSAGES.gateActivityRecorded;
  const prefix = log.callerType === 'user' ? 'User Access' : 'Visitor Access';
  const verb = log.status === 'success' ? 'accessed' : 'attempted to access';
  const place = log.propertyDetails?.propertyName || 'the gate';
  return `${prefix}: ${accessByName(log)} ${verb} ${place}`;
}

/**
 * A lockdown's start or end, a hold or its release: not somebody accessing the property, so the
 * row's own sentence ("Lockdown started: Police request"), with who did it when it does not say.
 */
function gateStateMessage(log: GateLogDto): string | null {
  const stateChange = log.status === 'notice' || log.credential === 'hold' || log.credential === 'schedule';
  if (!stateChange || !log.reason) return null;
  const who = log.userDetails ? accessByName(log) : null;
  return who && !log.reason.includes(who) ? `${log.reason} (by ${who})` : log.reason;
}

/** SUCCESS green, FAILED red, anything else yellow (docs/SPEC.md §2 Notification bell). */
export function notificationStatusColor(status: string): string {
  if (status === 'success') return 'green';
  if (status === 'failed') return 'red';
  return 'yellow';
}

/**
 * When the event was at a property other than the viewer's (their visitor tried a gate there),
 * a plain sentence saying so; null at their own property or when either property is unknown.
 */
export function notificationElsewhere(log: GateLogDto, ownPropertyId: string | null): string | null {
  if (!ownPropertyId || !log.propertyId || log.propertyId === ownPropertyId) return null;
  const name = log.propertyDetails?.propertyName;
  return name ? LOG_MESSAGES.elsewhere(name) : LOG_MESSAGES.elsewhereUnnamed;
}

/** Which gate the event happened at, so two gates of one property can be told apart. */
export function notificationGate(log: GateLogDto): string | null {
  return log.deviceDetails ? `Gate: ${log.deviceDetails.deviceName}` : null;
}
