import { ACCESS_GROUP_MESSAGES } from '@core/api/access-group-messages';
import { DEVICE_MESSAGES } from '@core/api/device-messages';
import type { GateDeviceDto } from '@core/api/devices';
import type { LockdownDto } from '@core/api/lockdown';
import { LOCKDOWN_MESSAGES } from '@core/api/lockdown-messages';
import { relayFailing } from '../../widgets/devices/device-health-badge';

/**
 * What a gate's Open button says and whether it can be pressed: a lockdown, the resident's hours
 * ("Not now (opens 06:00)") and a gate whose relay is failing each say so instead of letting a
 * resident wait out the relay's 5 s, or be refused. A gate never heard from can still be tried.
 */
export function gateButtonState(
  gate: GateDeviceDto,
  { lockedDown, busy, openLabel }: { lockedDown: boolean; busy: boolean; openLabel: string },
) {
  const offline = relayFailing(gate);
  const notNow = !gate.allowedNow;
  const label = lockedDown
    ? LOCKDOWN_MESSAGES.gateLockedButton
    : notNow
      ? ACCESS_GROUP_MESSAGES.notNow(gate.opensAt)
      : offline
        ? DEVICE_MESSAGES.gateOfflineButton
        : busy
          ? 'Opening...'
          : openLabel;
  return { label, offline, disabled: busy || offline || lockedDown || notNow, color: lockedDown ? 'red' : undefined };
}

/** A lockdown in force covers this gate: every gate, or one of those it names. */
export const lockdownCovers = (lockdown: LockdownDto | null, gateId: string) =>
  Boolean(lockdown && (!lockdown.gateIds || lockdown.gateIds.includes(gateId)));
