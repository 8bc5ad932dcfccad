import { LOCKDOWN_MESSAGES } from '@core/api/lockdown';
import { personAsLogged } from '../accounts/person-as-logged';
import { deviceNamesOf } from '../device-records/device-places';
import { writeGateLogIn } from '../gate-log/gate-log-sink';
import type { PersonDetails } from '../gate-log/person-details';
import type { Tx } from '../platform/db/connect';
import { propertyAsLogged } from '../property-records/property-queries';
import type { LockdownRow } from './lockdown-queries';

/** Which gates the row names: every one, or the chosen ones by name (snapshots, like every log row). */
async function gatesText(tx: Tx, gateIds: string[] | null) {
  if (!gateIds) return LOCKDOWN_MESSAGES.allGates;
  return (await deviceNamesOf(tx, gateIds)).sort().join(', ');
}

/**
 * One gate log row for a lockdown's start or end, in the transaction that makes the change: who
 * (or the scheduled end) and why. Its status is 'notice': not an opening, not a refusal.
 */
export async function logLockdownChange(
  tx: Tx,
  lockdown: LockdownRow,
  change: { kind: 'started' | 'ended'; byUserId: string | null; at: Date },
) {
  const property = await propertyAsLogged(tx, lockdown.propertyId);
  const userDetails: PersonDetails | null = change.byUserId
    ? await personAsLogged(tx, change.byUserId)
    : { firstName: LOCKDOWN_MESSAGES.scheduledEnd, lastName: '', email: '' };
  const reason =
    change.kind === 'started'
      ? LOCKDOWN_MESSAGES.logStarted(lockdown.reason)
      : change.byUserId
        ? LOCKDOWN_MESSAGES.logEnded(lockdown.reason)
        : LOCKDOWN_MESSAGES.logEndedOnTime(lockdown.reason);
  const entry = {
    timestamp: change.at,
    callerType: 'user' as const,
    status: 'notice' as const,
    reason,
    propertyId: lockdown.propertyId,
    deviceId: lockdown.gateIds?.length === 1 ? lockdown.gateIds[0] : null,
    actorUserId: change.byUserId,
    userDetails,
    deviceDetails: { deviceName: await gatesText(tx, lockdown.gateIds), deviceType: 'lockdown' },
    propertyDetails: property,
  };
  await writeGateLogIn(tx, entry);
}
